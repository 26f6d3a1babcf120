/**
 * `node --import tsx bench/compare.ts --against DIR [--rounds N] [--seconds S] [--vehicles N] [--days N] [--b-env N=V]`:
 * GET /v1/vehicles/{id} of this checkout (B) against another one (A, e.g. a `git worktree` of the
 * previous commit) and Express minimal, in one rotation. Both serves run on copies of one data dir
 * built by this checkout (vehicles, a platform_b batch, rides), so they differ by their code alone.
 * Prints each target's CPU µs per request and the ratios paired round by round (req/s, and CPU per
 * request of B against A): the way to tell a change of a few per cent from the machine's noise
 * (docs/performance.md).
 */
import { cpSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createTenant, createVehicles, runRegistrationBatch } from './dataset.ts';
import { generateRides } from './ingest.ts';
import { pairedRatio, runLoad } from './load.ts';
import { startBaseline, startServe, tempDir } from './serve.ts';
import { serveNodeFlags } from '../testing/serve-process.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback?: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const against = option('--against');
if (!against) throw new Error('--against DIR (another checkout, with its node_modules) is required');
const rounds = Number(option('--rounds', '10'));
const seconds = Number(option('--seconds', '2'));
const vehicles = Number(option('--vehicles', '500'));
// By-id reads no ride: none by default (generating them takes minutes, and fails on a swamped machine).
const days = Number(option('--days', '0'));
// `--b-env NAME=VALUE` (repeatable): B's serve runs with it, e.g. FLEET_JOURNAL_MB=0 to price the journal.
const bEnv = Object.fromEntries(args.flatMap((a, i) => (a === '--b-env' ? [args[i + 1].split(/=(.*)/s).slice(0, 2)] : [])));
const log = (msg: string) => process.stderr.write(`[compare] ${msg}\n`);

log(`data dir: ${vehicles} vehicles, ${days} days of rides`);
// Whatever fails on the way (a serve that will not start on the other checkout's data, a timeout),
// every process started is stopped and every temp dir removed.
const dirs: string[] = [];
const running: { stop(): Promise<void> }[] = [];
const started = <T extends { stop(): Promise<void> }>(child: T): T => (running.push(child), child);
const newDir = (label: string) => (dirs.push(tempDir(label)), dirs[dirs.length - 1]);
try {
  const data = newDir('compare');
  const builder = started(await startServe(data));
  const tenant = await createTenant(builder, 'Flota Compare');
  const ids = await createVehicles(builder.base, tenant, vehicles);
  await runRegistrationBatch(builder.base, tenant, 'platform_b', ids);
  if (days > 0) await generateRides(builder, tenant.tenantId, new Date(Date.parse('2025-12-31') - (days - 1) * 86_400_000).toISOString().slice(0, 10), '2025-12-31');
  await builder.stop();

  const copy = (label: string) => {
    const dir = newDir(label);
    cpSync(data, dir, { recursive: true });
    return dir;
  };
  const dirA = copy('a');
  const dirB = copy('b');
  const a = started(await startServe(dirA, {}, serveNodeFlags(), join(resolve(against), 'cli/bin.mjs')));
  const b = started(await startServe(dirB, bEnv));
  const minimal = started(await startBaseline('express-minimal.ts', { BENCH_DB: join(dirA, 'api.db') }));
  log(`${rounds} rounds × ${seconds} s`);
  const path = `/v1/vehicles/${ids[1]}`;
  const headers = { authorization: tenant.auth.authorization };
  const r = await runLoad(
    [
      { name: 'A', url: a.base + path, headers, pid: a.pid },
      { name: 'B', url: b.base + path, headers, pid: b.pid },
      { name: 'minimal', url: minimal.base + path, headers, pid: minimal.pid },
    ],
    { runs: rounds, seconds, warmupSeconds: 1, settleSeconds: 0.5, connections: 10 },
  );
  const show = (s: { median: number; min: number; max: number }, digits: number) => `${s.median.toFixed(digits)} (${s.min.toFixed(digits)}–${s.max.toFixed(digits)})`;
  for (const [name, x] of [['A (--against)', r.A], ['B (this checkout)', r.B], ['Express minimal', r.minimal]] as const) {
    process.stdout.write(`${name.padEnd(18)} ${show(x.rps, 0)} req/s, CPU ${show(x.cpuUs, 1)} µs/req${x.bad ? `, ${x.bad} not 2xx` : ''}\n`);
  }
  process.stdout.write(`B ÷ A        ${show(pairedRatio(r.B, r.A), 3)}\nA ÷ minimal  ${show(pairedRatio(r.A, r.minimal), 3)}\nB ÷ minimal  ${show(pairedRatio(r.B, r.minimal), 3)}\n`);
  // CPU per request hardly depends on how busy the machine is: the steadier of the two on shared cores.
  process.stdout.write(`CPU/req B ÷ A ${show(pairedRatio(r.B, r.A, 'cpuUsByRun'), 3)}\n`);
} finally {
  await Promise.all(running.map((p) => p.stop()));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
