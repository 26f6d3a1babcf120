/**
 * Time to a clean world (issue 21): a new tenant with its key, a reset, a snapshot's restore, on a
 * serve whose one world has 50 vehicles and 30 days of rides, beside a fresh serve's cold start
 * (what a test suite paid for a clean world before). Each figure is the median of several runs.
 */
import { createTenant, createVehicles, runRegistrationBatch } from './dataset.ts';
import { generateRides } from './ingest.ts';
import type { Stat } from './load.ts';
import type { Row } from './report.ts';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startServe, tempDir, type Serve } from './serve.ts';
import { control, timed } from './control.ts';

const SCENARIOS_DIR = fileURLToPath(new URL('../fixtures/scenarios/', import.meta.url));
const SHIPPED = readdirSync(SCENARIOS_DIR).filter((f) => /\.(ya?ml|json)$/.test(f)).map((f) => SCENARIOS_DIR + f);

const RUNS = 10;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The rows of the worlds section; `coldStart` is the fresh serve's start measured by the caller. */
export async function measureWorlds(coldStart: Stat, log: (msg: string) => void): Promise<{ rows: Row[]; stop: () => Promise<void> }> {
  const serve = await startServe(tempDir('worlds'));
  log('a world of 50 vehicles × 30 days of rides, saved as a snapshot');
  const fleet = await createTenant(serve, 'Flota Mundo');
  const vehicleIds = await createVehicles(serve.base, fleet, 50);
  await runRegistrationBatch(serve.base, fleet, 'platform_b', vehicleIds);
  const to = Date.parse('2025-12-31T00:00:00Z');
  await generateRides(serve, fleet.tenantId, day(to - 29 * 86_400_000), day(to));
  await control(serve, 'POST', '/snapshots', { name: 'mundo' });

  log('restore, reset, new tenant');
  const restore = await timed(RUNS, async () => (await control(serve, 'POST', '/snapshots/mundo/restore')).ms);
  // Each reset empties a full world: the snapshot is restored (not timed) before every one.
  const reset = await timed(RUNS, async () => {
    await control(serve, 'POST', '/snapshots/mundo/restore');
    return (await control(serve, 'POST', '/reset')).ms;
  });
  const newTenant = await timed(RUNS * 2, async () => (await control(serve, 'POST', '/tenants', { name: 'Flota Prueba' })).ms);

  log(`the ${SHIPPED.length} shipped scenarios: --parallel 4 on this serve, then --fresh one by one`);
  const onServe = await timed(1, async () => {
    const started = performance.now();
    await serve.cli(['scenario', 'run', '--parallel', '4', ...SHIPPED]);
    return performance.now() - started;
  });
  const fresh = await timed(1, async () => {
    const started = performance.now();
    await serve.cli(['scenario', 'run', '--fresh', ...SHIPPED]);
    return performance.now() - started;
  });

  const goal = (ms: number) => ({ text: `≤ ${ms} ms`, valueMax: ms });
  const rows: Row[] = [
    { name: 'reset of a world (50 vehicles, 30 days of rides)', unit: 'ms', value: reset, baselineName: 'fresh `serve` → listening', baseline: coldStart, goal: goal(50) },
    { name: 'snapshot restore of the same world', unit: 'ms', value: restore, baselineName: 'fresh `serve` → listening', baseline: coldStart, goal: goal(100) },
    { name: 'new tenant with its key over HTTP', unit: 'ms', value: newTenant, baselineName: 'fresh `serve` → listening', baseline: coldStart, goal: goal(10) },
    {
      name: `shipped scenarios (${SHIPPED.length} files), --parallel 4 on one running serve`, unit: 'ms', value: onServe,
      baselineName: 'the same files with --fresh', baseline: fresh, goal: { text: '≥ 5× faster (≤ 0.20×)', max: 0.2 },
    },
  ];
  return { rows, stop: serve.stop };
}
