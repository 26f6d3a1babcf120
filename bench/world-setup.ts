/**
 * A suite's setup (issue 38): a populated world in one call (fixtures), and one world rewound while
 * another keeps being read (world snapshots). Figures are medians of several runs on one serve; the
 * other world's by-id p99 is measured alone, beside restores of the first world made again and again
 * by another process, and beside a call that restores nothing made so (what a second client costs).
 * Standalone: `node --import tsx bench/world-setup.ts` (after `node scripts/build.mjs --js`).
 */
import { call, type Tenant } from './dataset.ts';
import { stat, type Stat } from './load.ts';
import type { Row } from './report.ts';
import { onServeOfItsOwn, type Serve } from './serve.ts';
import { control, timed } from './control.ts';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

const AGAIN = fileURLToPath(new URL('./again-and-again.mjs', import.meta.url));

const RUNS = 5;
const BIG = { vehicles: 50, drivers: 50, registeredOn: ['platform_a', 'platform_b'], boundOn: ['platform_a'], assigned: true, rideDays: 30 };
const SMALL = { vehicles: 5, registeredOn: ['platform_b'] };
/** A fixture at its vehicle limit, with few days (its rides' pages are the holds of any size). */
const LARGEST = { vehicles: 500, drivers: 500, registeredOn: ['platform_a', 'platform_b'], boundOn: ['platform_a'], assigned: true, rideDays: 3 };
// Enough reads to span about a second and many restores: 400 (~50 ms) often fell between two
// restores, and the p99 of one window then measured its noise more than the restores.
const READS = 4000;
const IN_FLIGHT = 4;

async function fixtureWorld(serve: Serve, fixture: object): Promise<{ ms: number; tenant: Tenant; vehicleIds: string[] }> {
  const { ms, json } = await control(serve, 'POST', '/tenants', { name: 'Flota Fixture', fixture });
  const key = json.keys[0].key as string;
  return { ms, tenant: { tenantId: json.id, key, auth: { authorization: `Bearer ${key}` } }, vehicleIds: json.fixture.vehicleIds };
}

/** p99 (ms) of READS by-id reads of one world, IN_FLIGHT at a time. */
async function byIdP99(serve: Serve, world: { tenant: Tenant; vehicleIds: string[] }): Promise<{ p99: number; bad: number }> {
  const latencies: number[] = [];
  let bad = 0;
  let left = READS;
  const reader = async () => {
    while (left-- > 0) {
      const started = performance.now();
      const res = await call(serve.base, world.tenant, 'GET', `/v1/vehicles/${world.vehicleIds[left % world.vehicleIds.length]}`);
      latencies.push(performance.now() - started);
      if (res.status !== 200) bad++;
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, reader));
  latencies.sort((a, b) => a - b);
  return { p99: latencies[Math.floor(latencies.length * 0.99)], bad };
}

/** Another world's by-id reads, one after another, for as long as `work` runs: their p99 and longest (ms). */
async function byIdDuring(serve: Serve, world: { tenant: Tenant; vehicleIds: string[] }, work: Promise<unknown>): Promise<{ p99: number; max: number; bad: number }> {
  let running = true;
  void work.finally(() => (running = false)).catch(() => undefined);
  const latencies: number[] = [];
  let bad = 0;
  while (running) {
    const started = performance.now();
    const res = await call(serve.base, world.tenant, 'GET', `/v1/vehicles/${world.vehicleIds[latencies.length % world.vehicleIds.length]}`);
    latencies.push(performance.now() - started);
    if (res.status !== 200) bad++;
  }
  await work;
  latencies.sort((a, b) => a - b);
  return { p99: latencies[Math.floor(latencies.length * 0.99)], max: latencies.at(-1)!, bad };
}

export const measureWorldSetup = (log: (msg: string) => void): Promise<{ rows: Row[]; stop: () => Promise<void> }> =>
  onServeOfItsOwn('world-setup', (serve) => measure(serve, log));

async function measure(serve: Serve, log: (msg: string) => void): Promise<Row[]> {
  log(`fixtures: ${RUNS} worlds of 50 vehicles on both platforms, 50 bound drivers, 50 assignments, 30 days; ${RUNS * 2} of 5 vehicles on platform_b`);
  const bigWorlds: Awaited<ReturnType<typeof fixtureWorld>>[] = [];
  const big = await timed(RUNS, async () => {
    const made = await fixtureWorld(serve, BIG);
    bigWorlds.push(made);
    return made.ms;
  });
  const small = await timed(RUNS * 2, async () => (await fixtureWorld(serve, SMALL)).ms);

  log('world restore of one of them, while another world is read by id');
  const [rewound, otherWorld] = bigWorlds;
  // The new worlds' first background reads (today's rides of each) done: a restore waits for its
  // world's read under way, and the figure is meant to be the restore's own cost (docs/performance.md).
  await control(serve, 'POST', '/sync');
  await control(serve, 'POST', `/tenants/${rewound.tenant.tenantId}/snapshots`, { name: 'inicio' });
  const restore = await timed(RUNS * 2, async () => (await control(serve, 'POST', `/tenants/${rewound.tenant.tenantId}/snapshots/inicio/restore`)).ms);
  // The other world's reads alone, beside a process that keeps a core busy and never calls the
  // testbed, and beside back-to-back restores: round by round, so the machine's drift lands on the
  // three alike, after one window unmeasured (the reads' JIT warm-up, and the new worlds' first
  // background runs, inflated the first quiet windows ~2×). The reads and the serve's event loop keep
  // both cores busy already: a third busy process, whatever it does, costs the reads ~2× on two cores
  // (docs/performance.md), so the restores are judged against that, and the quiet figure is shown.
  // The restores come from a process of their own, as from a suite's other worker (again-and-again.mjs).
  const beside = (args: string[], what: string) => async () => {
    const other = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      await new Promise<void>((resolve, reject) => {
        other.stdout.once('data', () => resolve());
        other.once('exit', (code) => reject(new Error(`${what}: exit ${code}`)));
      });
      const measured = await byIdP99(serve, otherWorld);
      if (other.exitCode !== null) throw new Error(`${what} stopped (exit ${other.exitCode})`);
      return measured;
    } finally {
      other.removeAllListeners('exit');
      other.kill();
      await once(other, 'exit');
    }
  };
  const restorePath = `${serve.base}/_testbed/tenants/${rewound.tenant.tenantId}/snapshots/inicio/restore`;
  const restoring = beside([AGAIN, restorePath, 'POST'], 'restores again and again');
  const busy = beside(['-e', "process.stdout.write('ready\\n'); for (;;);"], 'a busy process');
  await byIdP99(serve, otherWorld);
  const samples = { quiet: [] as number[], busy: [] as number[], during: [] as number[] };
  let badDuring = 0;
  for (let i = 0; i < RUNS; i++) {
    samples.quiet.push((await byIdP99(serve, otherWorld)).p99);
    samples.busy.push((await busy()).p99);
    const measured = await restoring();
    badDuring += measured.bad;
    samples.during.push(measured.p99);
  }
  const [quiet, during, besideBusy] = [stat(samples.quiet), stat(samples.during), stat(samples.busy)];

  log('another world read by id, one read after another, while a 500-vehicle world is built');
  const building = control(serve, 'POST', '/tenants', { name: 'Flota Mayor', fixture: LARGEST });
  const largest = await byIdDuring(serve, otherWorld, building);
  log('the same reads while that 500-vehicle world is deleted');
  const deleted = await byIdDuring(serve, otherWorld, control(serve, 'DELETE', `/tenants/${(await building).json.id}`));

  const goal = (ms: number) => ({ text: `≤ ${ms} ms`, valueMax: ms });
  const rows: Row[] = [
    { name: 'fixture: 50 vehicles on both platforms, 50 bound drivers, 50 synced assignments, 30 days of rides', unit: 'ms', value: big, goal: goal(500) },
    { name: 'fixture: 5 vehicles on platform_b', unit: 'ms', value: small, goal: goal(30) },
    { name: 'world restore (50 vehicles, 50 drivers and assignments, 30 days of rides)', unit: 'ms', value: restore, goal: goal(50) },
    {
      name: `another world's GET /v1/vehicles/{id} p99 while that world is restored again and again by another process (${IN_FLIGHT} in flight)`, unit: 'ms', value: during,
      baselineName: 'the same reads beside a process that keeps a core busy and never calls the testbed', baseline: besideBusy,
      goal: { text: 'unchanged (≤ 1.5×; every read answered)', max: 1.5 }, note: badDuring ? `${badDuring} reads not 200` : undefined,
    },
    {
      name: `another world's GET /v1/vehicles/{id}, one after another, while a fixture of 500 vehicles and drivers is built: the longest wait`, unit: 'ms',
      value: stat([largest.max]),
      note: `p99 ${largest.p99.toFixed(1)} ms${largest.bad ? `; ${largest.bad} reads not 200` : ''}; the build gives other worlds a turn every 25 vehicles, drivers or decisions, and between pages of rides`,
    },
    {
      name: 'the same reads while that 500-vehicle world is deleted: the longest wait', unit: 'ms', value: stat([deleted.max]),
      note: `p99 ${deleted.p99.toFixed(1)} ms${deleted.bad ? `; ${deleted.bad} reads not 200` : ''}; its rides and daily rows go 2,500 at a time, other worlds' requests between`,
    },
    {
      name: 'the same reads while that world is restored again and again, against the reads alone', unit: 'ms', value: during,
      baselineName: 'the same reads alone', baseline: quiet,
    },
    {
      name: 'the same reads beside the busy process, against the reads alone (what a third busy process costs them on this machine)', unit: 'ms', value: besideBusy,
      baselineName: 'the same reads alone', baseline: quiet,
    },
  ];
  return rows;
}

if (import.meta.main) {
  const { renderTable } = await import('./report.ts');
  const log = (msg: string) => process.stderr.write(`[bench] ${msg}\n`);
  const { rows, stop } = await measureWorldSetup(log);
  await stop();
  process.stdout.write(`${renderTable({ meta: {}, rows })}\n`);
}
