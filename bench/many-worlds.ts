/**
 * Many worlds on one serve (issue 35): 1, 100 and 1,000 worlds of 3 vehicles registered on
 * platform_b. At each size: one world's `clock advance 1d` (median), a service-wide `clock advance
 * 1h`, a new world with its 3 vehicles and registrations, and the API's and the simulators' RSS —
 * each beside the 1-world figure of the same run. `node --import tsx bench/many-worlds.ts` runs the
 * section alone (`--sizes 1,100` for a shorter run).
 */
import { readFileSync, rmSync } from 'node:fs';
import { call, type Tenant } from './dataset.ts';
import { stat, type Stat } from './load.ts';
import type { Row } from './report.ts';
import { memoryOf, startServe, tempDir, type Serve } from './serve.ts';
import { control } from './control.ts';
import { childPids } from './proc.ts';

const ADVANCES = 7;
const NEW_WORLDS = 7;
const one = (n: number): Stat => ({ median: n, min: n, max: n });

async function timedMs(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

/** The simulators are serve's child process: the one whose command line names the simulators' bundle or entry. */
function simulatorsPid(servePid: number): number | null {
  try {
    const children = childPids(servePid);
    return children.find((pid) => /simulators/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'))) ?? children[0] ?? null;
  } catch {
    return null;
  }
}

let worldCount = 0;

/** A world as a test makes it: a tenant and key, 3 vehicles, each registered on platform_b. */
async function createWorld(serve: Serve): Promise<Tenant> {
  const n = worldCount++;
  const { json: made } = await control<{ id: string; keys: { key: string }[] }>(serve, 'POST', '/tenants', { name: `Flota ${n}` });
  const key = made.keys[0].key;
  const world: Tenant = { tenantId: made.id, key, auth: { authorization: `Bearer ${key}`, 'content-type': 'application/json' } };
  for (let i = 0; i < 3; i++) {
    const serial = String(n * 3 + i).padStart(7, '0');
    const body = { plate: `MW${serial}`, brand: 'Nissan', model: 'Versa', year: 2023, color: 'gris', city: 'CDMX', vin: `3N1CN7AD5M${serial}`, platforms: ['platform_b'] };
    const v = await call<{ id: string }>(serve.base, world, 'POST', '/v1/vehicles', body);
    if (v.status !== 201) throw new Error(`POST /v1/vehicles → ${v.status}: ${JSON.stringify(v.json)}`);
    const r = await call(serve.base, world, 'POST', `/v1/vehicles/${v.json.id}/registrations`, { platform: 'platform_b' });
    if (r.status >= 300) throw new Error(`registration → ${r.status}: ${JSON.stringify(r.json)}`);
  }
  return world;
}

/** Adds worlds, 4 at a time, until the serve holds `target`. */
async function growTo(serve: Serve, worlds: Tenant[], target: number): Promise<void> {
  const worker = async () => {
    while (worlds.length < target) worlds.push(await createWorld(serve));
  };
  await Promise.all(Array.from({ length: Math.min(4, target - worlds.length) }, worker));
  worlds.length = target;
}

interface SizeFigures {
  worlds: number;
  advanceOne: Stat;
  advanceAll: Stat;
  newWorld: Stat;
  apiRssMb: number;
  simRssMb: number;
}

async function measureAt(serve: Serve, worlds: Tenant[], simPid: number | null): Promise<SizeFigures> {
  // The first world is the one measured at every size, so its own data does not change between them.
  const advances: number[] = [];
  for (let i = 0; i < ADVANCES; i++) advances.push(await timedMs(() => control(serve, 'POST', '/clock/advance', { duration: '1d', tenant: worlds[0].tenantId })));
  const advanceAll = await timedMs(() => control(serve, 'POST', '/clock/advance', { duration: '1h' }));
  const news: number[] = [];
  for (let i = 0; i < NEW_WORLDS; i++) news.push(await timedMs(async () => worlds.push(await createWorld(serve))));
  return {
    worlds: worlds.length - NEW_WORLDS, advanceOne: stat(advances), advanceAll: one(advanceAll), newWorld: stat(news),
    apiRssMb: memoryOf(serve.pid)?.rssMb ?? NaN, simRssMb: simPid === null ? NaN : (memoryOf(simPid)?.rssMb ?? NaN),
  };
}

/** The figures at each size (the first must be 1), on one serve that grows between them. */
export async function measureManyWorlds(sizes: number[], log: (msg: string) => void): Promise<{ rows: Row[]; idle: { apiMb: number; simMb: number } }> {
  const dir = tempDir('many-worlds');
  const serve = await startServe(dir);
  try {
    const simPid = simulatorsPid(serve.pid);
    const idle = { apiMb: memoryOf(serve.pid)?.rssMb ?? NaN, simMb: simPid === null ? NaN : (memoryOf(simPid)?.rssMb ?? NaN) };
    const worlds: Tenant[] = [];
    const figures: SizeFigures[] = [];
    for (const size of sizes) {
      log(`many worlds: ${size} world(s) of 3 platform_b vehicles`);
      await growTo(serve, worlds, Math.max(size, worlds.length));
      figures.push(await measureAt(serve, worlds, simPid));
    }
    return { rows: rowsOf(figures, idle), idle };
  } finally {
    await serve.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

function rowsOf(figures: SizeFigures[], idle: { apiMb: number; simMb: number }): Row[] {
  const [first] = figures;
  const rows: Row[] = [];
  for (const f of figures.slice(1)) {
    const w = f.worlds.toLocaleString('en-US');
    const largest = f === figures[figures.length - 1];
    rows.push(
      { name: `one world's advance 1d, beside ${w} worlds`, unit: 'ms', value: f.advanceOne, baselineName: 'beside 1 world', baseline: first.advanceOne, goal: largest ? { text: '≤ 1.5×', max: 1.5 } : undefined },
      { name: `service-wide advance 1h over ${w} worlds`, unit: 'ms', value: f.advanceAll, baselineName: 'over 1 world', baseline: first.advanceAll, goal: largest ? { text: '≤ 1,000 ms', valueMax: 1000 } : undefined },
      { name: `a new world + 3 vehicles + 3 registrations, beside ${w}`, unit: 'ms', value: f.newWorld, baselineName: 'beside 1 world', baseline: first.newWorld, goal: largest ? { text: '≤ 1.5× (flat)', max: 1.5 } : undefined },
      // Beside the 1-world serve once it has served (issue 35); the note gives the RSS right after start.
      { name: `API RSS with ${w} worlds`, unit: 'MB', value: one(f.apiRssMb), baselineName: 'with 1 world', baseline: one(first.apiRssMb), goal: largest ? { text: '≤ 2×', max: 2 } : undefined, note: `idle after start: ${idle.apiMb.toFixed(0)} MB` },
      { name: `simulators RSS with ${w} worlds`, unit: 'MB', value: one(f.simRssMb), baselineName: 'with 1 world', baseline: one(first.simRssMb), goal: largest ? { text: '≤ 2×', max: 2 } : undefined, note: `idle after start: ${idle.simMb.toFixed(0)} MB` },
    );
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const sizes = args.includes('--sizes') ? args[args.indexOf('--sizes') + 1].split(',').map(Number) : [1, 100, 1000];
  const { renderTable } = await import('./report.ts');
  const { rows } = await measureManyWorlds(sizes, (msg) => process.stderr.write(`[bench] ${msg}\n`));
  process.stdout.write(`${renderTable({ meta: {}, rows })}\n`);
}
