/**
 * `node --import tsx bench/compare-fixtures.ts --against DIR [--rounds 12] [--fixture JSON]`: a
 * fixture world's build on this checkout (B) against another one (A, e.g. a `git worktree` of the
 * previous commit, `node_modules` linked and `node scripts/build.mjs --js` run in it). One serve of
 * each on a new data dir; each round builds one world on each, the order turning every round, the
 * other serve idle meanwhile; two rounds of warm-up are not counted. Prints each side's median time
 * and CPU (both processes, every thread, from /proc) and B/A paired round by round: on these shared
 * machines a change of ten per cent shows only so (docs/performance.md).
 */
import { join, resolve } from 'node:path';
import { control } from './control.ts';
import { childPids, cpuMs } from './proc.ts';
import { stat, type Stat } from './load.ts';
import { startServe, tempDir, type Serve } from './serve.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback?: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const against = option('--against');
if (!against) throw new Error('--against DIR (another checkout, built, with its node_modules) is required');
const rounds = Number(option('--rounds', '12'));
const WARM_UP = 2;
const fixture = JSON.parse(option('--fixture', JSON.stringify({
  vehicles: 50, drivers: 50, registeredOn: ['platform_a', 'platform_b'], boundOn: ['platform_a'], assigned: true, rideDays: 30,
}))!);

/** CPU ms of serve and its simulators, every thread. */
const cpuOfServe = (pid: number): number => [pid, ...childPids(pid)].reduce((sum, p) => sum + cpuMs(p), 0);

interface Side {
  serve: Serve;
  ms: number[];
  cpu: number[];
}

const fmt = (s: Stat, unit: string) => `${s.median.toFixed(0)} ${unit} (${s.min.toFixed(0)}–${s.max.toFixed(0)})`;
const log = (msg: string) => process.stderr.write(`[compare-fixtures] ${msg}\n`);

const sides: Record<'A' | 'B', Side> = {
  A: { serve: await startServe(tempDir('fixtures-a'), {}, undefined, join(resolve(against), 'cli/bin.mjs')), ms: [], cpu: [] },
  B: { serve: await startServe(tempDir('fixtures-b')), ms: [], cpu: [] },
};
try {
  for (let round = 0; round < rounds + WARM_UP; round++) {
    for (const name of round % 2 === 0 ? (['A', 'B'] as const) : (['B', 'A'] as const)) {
      const side = sides[name];
      const before = cpuOfServe(side.serve.pid);
      const { ms } = await control(side.serve, 'POST', '/tenants', { name: `Flota ${round}`, fixture });
      if (round < WARM_UP) continue;
      side.ms.push(ms);
      side.cpu.push(cpuOfServe(side.serve.pid) - before);
    }
    log(`round ${round + 1} of ${rounds + WARM_UP}`);
  }
  const paired = (of: 'ms' | 'cpu') => stat(sides.B[of].map((b, i) => b / sides.A[of][i]));
  const time = paired('ms');
  const cpu = paired('cpu');
  console.log(`| side | build | CPU (both processes) |\n|---|---|---|`);
  for (const name of ['A', 'B'] as const) console.log(`| ${name} | ${fmt(stat(sides[name].ms), 'ms')} | ${fmt(stat(sides[name].cpu), 'ms')} |`);
  console.log(`| B/A, paired | ${time.median.toFixed(3)}× (${time.min.toFixed(2)}–${time.max.toFixed(2)}) | ${cpu.median.toFixed(3)}× (${cpu.min.toFixed(2)}–${cpu.max.toFixed(2)}) |`);
} finally {
  await Promise.all([sides.A.serve.stop(), sides.B.serve.stop()]);
}
