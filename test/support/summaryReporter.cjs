// Mocha reporter: the spec reporter's output, then one plain closing line that CI reads:
// "N passed, N failed, N skipped". Pending (skipped) tests say why in their titles.
'use strict';
const Mocha = require('mocha');
const { Spec } = Mocha.reporters;
const { EVENT_RUN_END } = Mocha.Runner.constants;

class SummaryReporter extends Spec {
  constructor(runner, options) {
    super(runner, options);
    runner.once(EVENT_RUN_END, () => {
      const s = runner.stats || {};
      // After the spec reporter's epilogue, so it is the last line of the run.
      process.stdout.write(`\n${s.passes || 0} passed, ${s.failures || 0} failed, ${s.pending || 0} skipped\n`);
    });
  }
}
module.exports = SummaryReporter;
