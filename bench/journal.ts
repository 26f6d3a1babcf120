import { rmSync } from 'node:fs';
import { createTenant, createVehicles } from './dataset.ts';
import type { Target } from './load.ts';
import { startServe, tempDir } from './serve.ts';

/**
 * The journal's cost, measured as a pair: a second serve with the journal off (FLEET_JOURNAL_MB=0),
 * the same tenant and vehicles, loaded in the by-id pass beside the one with the journal on
 * (docs/performance.md). Returns its by-id target.
 */
export async function startJournalOff(vehicles: number): Promise<{ target: Target; stop(): Promise<void> }> {
  const dir = tempDir('journal-off');
  const serve = await startServe(dir, { FLEET_JOURNAL_MB: '0' });
  const stop = async () => {
    await serve.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const fleet = await createTenant(serve, 'Flota Bench sin diario');
    const ids = await createVehicles(serve.base, fleet, vehicles);
    const target: Target = { name: 'nojournal', url: `${serve.base}/v1/vehicles/${ids[1]}`, headers: { authorization: fleet.auth.authorization }, pid: serve.pid };
    return { target, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
