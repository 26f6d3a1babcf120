/**
 * `node --import tsx bench/journal-cost.ts [rounds]`: the request journal's cost alone, quicker than
 * the whole bench: by-id on a serve with the journal on (the default) and on one with it off, beside
 * Express minimal, interleaved; ratios paired round by round, CPU µs per request (docs/performance.md).
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { createTenant, createVehicles } from './dataset.ts';
import { startJournalOff } from './journal.ts';
import { pairedRatio, runLoad } from './load.ts';
import { startBaseline, startServe, tempDir } from './serve.ts';

const dir = tempDir('journal-cost');
const serve = await startServe(dir);
const fleet = await createTenant(serve, 'Flota Diario');
const ids = await createVehicles(serve.base, fleet, 50);
const off = await startJournalOff(50);
const minimal = await startBaseline('express-minimal.ts', { BENCH_DB: join(dir, 'api.db') });
const h = { authorization: fleet.auth.authorization };
const load = await runLoad([
  { name: 'api', url: `${serve.base}/v1/vehicles/${ids[1]}`, headers: h, pid: serve.pid },
  { name: 'minimal', url: `${minimal.base}/v1/vehicles/${ids[1]}`, headers: h, pid: minimal.pid },
  off.target,
], { runs: Number(process.argv[2] ?? 6), seconds: 3, warmupSeconds: 2, settleSeconds: 0.5, connections: 10 });
const r = (x: number) => x.toFixed(3);
const s = (st: { median: number; min: number; max: number }) => `${r(st.median)} (${r(st.min)}–${r(st.max)})`;
console.log(JSON.stringify({
  on: load.api.rps, off: load.nojournal.rps, minimal: load.minimal.rps,
  onOverOff: s(pairedRatio(load.api, load.nojournal)), onOverMinimal: s(pairedRatio(load.api, load.minimal)), offOverMinimal: s(pairedRatio(load.nojournal, load.minimal)),
  cpuOn: load.api.cpuUs, cpuOff: load.nojournal.cpuUs,
}, null, 1));
await Promise.all([serve.stop(), off.stop(), minimal.stop()]);
rmSync(dir, { recursive: true, force: true });
