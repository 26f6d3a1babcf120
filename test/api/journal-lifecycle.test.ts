import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SimClock } from '../../server/lib/clock.ts';
import { makeTestApp, TEST_CLOCK_START } from '../support/app.ts';
import { usePlatformNetwork } from '../support/platform-network.ts';

/** An app on a data dir of its own (reset and snapshots need one) with both platforms in process. */
function useJournalWorld() {
  const clock = SimClock.frozenAt(TEST_CLOCK_START);
  const net = usePlatformNetwork({ clock });
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-journal-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const t = makeTestApp({ clock, platformA: net.platformA, platformB: net.platformB, simulators: net.control, dataDir });
  const journaled = (tenantId: string) => [...t.services.journal.list(tenantId, {}).data];
  return { ...t, journaled };
}

describe('request journal: what clears it', () => {
  const w = useJournalWorld();

  it('when the testbed is reset, then no world keeps a journal', async () => {
    const { auth } = w.newTenant();
    await w.request.get('/v1/me').set(auth).expect(200);

    await w.request.post('/_testbed/reset').expect(200);

    expect(w.services.journal.stats()).toMatchObject({ worlds: 0, totalBytes: 0 });
  });

  it('when a whole-testbed snapshot is restored, then the journals are emptied, even of worlds the snapshot holds', async () => {
    const { auth, tenant } = w.newTenant();
    await w.request.get('/v1/me').set(auth).expect(200);
    await w.request.post('/_testbed/snapshots').send({ name: 'con-diario' }).expect(201);
    await w.request.get('/v1/vehicles').set(auth).expect(200);

    await w.request.post('/_testbed/snapshots/con-diario/restore').expect(200);

    expect(w.journaled(tenant.id)).toEqual([]);
  });

  it('when a world is deleted, then its journal goes and another world keeps its own', async () => {
    const gone = w.newTenant('Se va');
    const stays = w.newTenant('Se queda');
    await w.request.get('/v1/me').set(gone.auth).expect(200);
    await w.request.get('/v1/me').set(stays.auth).expect(200);
    const before = w.services.journal.stats().totalBytes;

    await w.request.delete(`/_testbed/tenants/${gone.tenant.id}`).expect(200);

    expect(w.services.journal.stats()).toMatchObject({ worlds: 1, totalBytes: expect.any(Number) });
    expect(w.services.journal.stats().totalBytes).toBeLessThan(before);
    expect(w.journaled(stays.tenant.id)).toHaveLength(1);
  });
});
