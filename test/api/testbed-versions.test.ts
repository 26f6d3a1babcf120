import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SIMULATOR_MIGRATIONS } from '../../simulators/db.ts';
import { RIDE_DAY_WRITES_MIGRATION } from '../../simulators/common/ride-day-writes.ts';
import { fleetFixtures } from '../support/fleet-fixtures.ts';
import { useWorldOnDataDir } from '../support/world.ts';

/** The platforms' half as an older version wrote it: the count of ride-day writes (a migration of theirs alone) not there. */
function asBeforeRideDayWrites(file: string): void {
  const old = new Database(file);
  old.exec(`DROP TABLE fleet_ride_day_writes; DELETE FROM schema_migrations WHERE version = ${RIDE_DAY_WRITES_MIGRATION.version};`);
  old.close();
}

/** A version may add a migration to the platforms alone: copies of both halves are judged by each side's own. */
describe('copies made by an older version of the platforms', () => {
  const w = useWorldOnDataDir();
  const f = fleetFixtures(w);

  it('when the baseline\'s platforms were written before the count of ride-day writes, then reset writes it again instead of refusing', async () => {
    await w.request.post('/_testbed/reset').expect(200);
    const baselinePlatforms = join(w.deps.dataDir!, 'baseline', 'platforms.db');
    asBeforeRideDayWrites(baselinePlatforms);

    await w.request.post('/_testbed/reset').expect(200);

    const rebuilt = new Database(baselinePlatforms, { readonly: true });
    const versions = rebuilt.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all();
    rebuilt.close();
    expect(versions).toEqual(SIMULATOR_MIGRATIONS.map((m) => m.version));
  });

  it('when a whole snapshot\'s platforms were written before the count of ride-day writes, then its restore is 409 in Spanish and nothing is let go: a world snapshot still restores', async () => {
    const { auth, tenant } = w.newTenant();
    const vehicle = await f.vehicle(auth);
    await f.registerOnB(auth, vehicle);
    await w.request.post(`/_testbed/tenants/${tenant.id}/snapshots`).send({ name: 'mundo' }).expect(201);
    await w.request.post('/_testbed/snapshots').send({ name: 'vieja' }).expect(201);
    asBeforeRideDayWrites(join(w.deps.dataDir!, 'snapshots', 'vieja', 'platforms.db'));
    await f.vehicle(auth);

    const refused = await w.request.post('/_testbed/snapshots/vieja/restore');

    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'CONFLICT', message: 'La instantánea se guardó con otra versión del testbed y no puede restaurarse.' });
    await w.request.post(`/_testbed/tenants/${tenant.id}/snapshots/mundo/restore`).expect(200);
    expect((await w.request.get('/v1/vehicles').set(auth).expect(200)).body.data.map((v: { id: string }) => v.id)).toEqual([vehicle]);
  });
});
