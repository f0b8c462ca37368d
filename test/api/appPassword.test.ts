/**
 * The rules of a new app password (api/app/password.ts passwordProblem): length, and no
 * repetitive or sequential choice (NIST SP 800-63B 5.1.1.2), found accepted by a black-box probe
 * (ten spaces set a password that then signed in).
 */
import { expect } from 'chai';
import { passwordProblem } from '../../api/app/password.js';

describe('app password rules', () => {
  it('refuses short, long, repeated and sequential passwords, naming the rule', () => {
    expect(passwordProblem('short')).to.match(/at least 10/);
    expect(passwordProblem('x'.repeat(201) + 'abcd')).to.match(/at most 200/);
    for (const repeated of [' '.repeat(10), 'a'.repeat(12), 'abababababab', 'aabbccddaabb']) expect(passwordProblem(repeated), JSON.stringify(repeated)).to.match(/different characters/);
    for (const run of ['1234567890', '0987654321', 'abcdefghijk', 'ZYXWVUTSRQ', '7890123456']) expect(passwordProblem(run), run).to.match(/consecutive/);
    expect(passwordProblem(42)).to.equal('must be a string');
  });

  it('accepts ordinary passphrases, in any script', () => {
    for (const good of ['correct horse battery', 'a2-password-1', 'Tr0ub4dor&3x', 'пароль-надёжный', 'pump-jack-2026']) expect(passwordProblem(good), good).to.equal(null);
  });
});
