import { EnginePool } from './dist/workers/pool.js';
import { executeBatch } from './dist/api/engine/batch.js';
import { findDefinition } from './dist/engine/catalogue.js';
const pool = new EnginePool({ threads: 2, timeoutMs: 30000, maxQueue: 64 });
await pool.ready();
const def = findDefinition('pvt.gasProperties');
const input = { psia:[500,1000,1500,2000,2500,3000,3500,4000,4500,5000], TF: 200, gasSG: 0.72, yCO2: 0.02, yN2: 0.01, yH2S: 0 };
const N=1000;
async function one(){
  const items = Array.from({length:N},(_, i)=>({id:i, body: input}));
  const answers = new Array(N);
  const planned = items.map((item, index) => ({ index, input: item.body, units: 'field' }));
  await executeBatch(pool, def, items, planned, answers, { deadline: Date.now()+60000, timeoutMs: 60000, mode: 'texts' });
  const results = answers.map((a, i) => `{"id":${JSON.stringify(items[i].id)},${a.slice(1)}`);
  return results.join(',').length;
}
for (let i=0;i<20;i++) await one();
for (const clients of [1,4]) {
  const t=performance.now(); let n=0;
  await Promise.all(Array.from({length:clients}, async()=>{ while(performance.now()-t<4000){ await one(); n++; } }));
  console.log('clients',clients,'items/s', (n*N/((performance.now()-t)/1000)).toFixed(0));
}
await pool.close();
