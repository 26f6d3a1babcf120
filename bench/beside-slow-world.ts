/**
 * A world of its own beside a slow one: a world whose platform answers slowly (a `slow` fault of its
 * own, 1.5 s a call) has registrations under review, and `POST /_testbed/sync` reads them; meanwhile
 * another world is restored and advanced. Each figure beside the same call with nothing else under
 * way. Before worlds took turns by world (server/sync/world-order.ts), the restore waited for the
 * whole sync: 34 s with three such worlds. Standalone: `node --import tsx bench/beside-slow-world.ts`
 * (after `node scripts/build.mjs --js`).
 */
import { createTenant, createVehicles, registerOneByOne } from './dataset.ts';
import { stat } from './load.ts';
import type { Row } from './report.ts';
import { onServeOfItsOwn, type Serve } from './serve.ts';
import { control, timed } from './control.ts';

const RUNS = 5;
const SLOW_MS = 1_500;

export const measureBesideSlowWorld = (log: (msg: string) => void): Promise<{ rows: Row[]; stop: () => Promise<void> }> =>
  onServeOfItsOwn('beside-slow', (serve) => measure(serve, log));

async function measure(serve: Serve, log: (msg: string) => void): Promise<Row[]> {
  log(`a world beside one whose platform answers in ${SLOW_MS} ms: its restore and advance during a sync of every world`);
  const slow = await createTenant(serve, 'Flota lenta');
  await registerOneByOne(serve.base, slow, 'platform_a', await createVehicles(serve.base, slow, 8, 7_000));
  await control(serve, 'POST', `/tenants/${slow.tenantId}/faults`, { platform: 'platform_a', mode: 'slow', ms: SLOW_MS });
  const world = (await control(serve, 'POST', '/tenants', { name: 'Flota de al lado', fixture: { vehicles: 5, registeredOn: ['platform_b'] } })).json.id as string;
  await control(serve, 'POST', `/tenants/${world}/snapshots`, { name: 'base' });
  const restore = async () => (await control(serve, 'POST', `/tenants/${world}/snapshots/base/restore`)).ms;
  const advance = async () => (await control(serve, 'POST', '/clock/advance', { duration: '1h', tenant: world })).ms;

  const alone = { restore: await timed(RUNS, restore), advance: await timed(RUNS, advance) };
  const beside = { restore: [] as number[], advance: [] as number[] };
  let syncsOverlapped = 0;
  for (let i = 0; i < RUNS; i++) {
    let syncEnded = false;
    const sync = control(serve, 'POST', '/sync').then(() => void (syncEnded = true));
    // Asked after the sync is under way: a control call behind it on the same serve has been answered.
    await control(serve, 'GET', '/clock');
    beside.restore.push(await restore());
    beside.advance.push(await advance());
    if (!syncEnded) syncsOverlapped++;
    await sync;
  }
  const goal = { text: '≤ 100 ms (34 s before worlds took turns by world)', valueMax: 100 };
  const note = syncsOverlapped < RUNS ? `the sync ended first in ${RUNS - syncsOverlapped} of ${RUNS} runs` : undefined;
  return [
    {
      name: `a world's restore while \`POST /_testbed/sync\` reads another world's 8 registrations at ${SLOW_MS} ms a call`, unit: 'ms', value: stat(beside.restore),
      baselineName: 'the same restore, nothing else under way', baseline: alone.restore, goal, note,
    },
    {
      name: 'that world\'s advance 1h, the same way', unit: 'ms', value: stat(beside.advance),
      baselineName: 'the same advance, nothing else under way', baseline: alone.advance, goal, note,
    },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { rows, stop } = await measureBesideSlowWorld((msg) => process.stderr.write(`[bench] ${msg}\n`));
  await stop();
  for (const row of rows) console.log(`${row.name}: ${row.value?.median.toFixed(1)} ms (alone ${row.baseline?.median.toFixed(1)} ms)${row.note ? ` — ${row.note}` : ''}`);
}
