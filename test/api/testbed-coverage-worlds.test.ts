import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_MIGRATIONS } from '../../server/db/migrations/index.ts';
import { fleetFixtures } from '../support/fleet-fixtures.ts';
import { useWorldOnDataDir } from '../support/world.ts';

/**
 * Coverage counts are the world's history: a reset and a whole-testbed restore treat them as any
 * other row, a world restore keeps them (as it keeps the world's journal).
 */
describe('transition coverage across reset and snapshots', () => {
  const w = useWorldOnDataDir();
  const f = fleetFixtures(w);

  const registeredOnB = async (tenant?: string) =>
    (await w.request.get(`/_testbed/coverage${tenant ? `?tenant=${tenant}` : ''}`).expect(200)).body.transitions.find(
      (t: { machine: string }) => t.machine === 'registration.platform_b',
    ).count;

  it('when a snapshot is restored, then the counts are those of the snapshot: later transitions are gone', async () => {
    const { auth, tenant } = w.newTenant();
    await f.registerOnB(auth, await f.vehicle(auth));
    await w.request.post('/_testbed/snapshots').send({ name: 'uno' }).expect(201);
    await f.registerOnB(auth, await f.vehicle(auth));
    const beforeRestore = await registeredOnB(tenant.id);

    await w.request.post('/_testbed/snapshots/uno/restore').expect(200);

    expect(beforeRestore).toBe(2);
    expect(await registeredOnB(tenant.id)).toBe(1);
  });

  it('when one world is restored, then its counts stay as its tests left them (its data goes back, not what happened in it), and another world\'s are its own', async () => {
    const { auth, tenant } = w.newTenant();
    const other = w.newTenant();
    await f.registerOnB(auth, await f.vehicle(auth));
    await f.registerOnB(other.auth, await f.vehicle(other.auth));
    await w.request.post(`/_testbed/tenants/${tenant.id}/snapshots`).send({ name: 'uno' }).expect(201);
    await f.registerOnB(auth, await f.vehicle(auth));

    await w.request.post(`/_testbed/tenants/${tenant.id}/snapshots/uno/restore`).expect(200);

    // Not vacuous: the restore did rewind the world's data, its second vehicle gone.
    expect((await w.request.get('/v1/vehicles').set(auth).expect(200)).body.data).toHaveLength(1);
    expect(await registeredOnB(tenant.id)).toBe(2);
    expect(await registeredOnB(other.tenant.id)).toBe(1);
  });

  it('when the testbed is reset, then nothing is counted anywhere; a snapshot from before brings the counts back', async () => {
    const { auth, tenant } = w.newTenant();
    await f.registerOnB(auth, await f.vehicle(auth));
    await w.request.post('/_testbed/snapshots').send({ name: 'antes-del-reset' }).expect(201);

    await w.request.post('/_testbed/reset').expect(200);
    const afterReset = (await w.request.get('/_testbed/coverage').expect(200)).body.covered;
    const tenantAfterReset = (await w.request.get(`/_testbed/coverage?tenant=${tenant.id}`)).status;
    await w.request.post('/_testbed/snapshots/antes-del-reset/restore').expect(200);

    expect(afterReset).toBe(0);
    expect(tenantAfterReset).toBe(404);
    expect(await registeredOnB(tenant.id)).toBe(1);
  });

  it('when the baseline was written by a version before the coverage table, then reset writes it again instead of refusing', async () => {
    await w.request.post('/_testbed/reset').expect(200);
    const baselineApi = join(w.deps.dataDir!, 'baseline', 'api.db');
    const old = new Database(baselineApi);
    old.exec('DROP TABLE transition_counts; DELETE FROM schema_migrations WHERE version = 9;');
    old.close();

    await w.request.post('/_testbed/reset').expect(200);

    const rebuilt = new Database(baselineApi, { readonly: true });
    const versions = rebuilt.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all();
    rebuilt.close();
    expect(versions).toEqual(API_MIGRATIONS.map((m) => m.version));
  });
});
