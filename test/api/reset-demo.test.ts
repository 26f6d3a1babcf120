import { describe, expect, it } from 'vitest';
import { TEST_CLOCK_START } from '../support/app.ts';
import { useWorldOnDataDir } from '../support/world.ts';

/** What a reset keeps: the demo tenant of the data dir and its key, as serve printed them (README). */
describe('reset and the demo tenant', () => {
  const w = useWorldOnDataDir();

  it('when the demo was made with ids drawn otherwise (an older version\'s data dir), then a reset keeps it and its key; a world made after it goes', async () => {
    const demoId = '0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f';
    w.tenants.store.insertTenant({ id: demoId, name: 'Flota Demo', status: 'active', created_at: TEST_CLOCK_START });
    const demoKey = w.tenants.createKey(demoId);
    const later = w.newTenant('Flota Después');

    await w.request.post('/_testbed/reset').expect(200);

    const me = await w.request.get('/v1/me').set({ Authorization: `Bearer ${demoKey.key}` });
    expect([me.status, me.body.tenantId]).toEqual([200, demoId]);
    expect((await w.request.get('/v1/me').set(later.auth)).status).toBe(401);
    expect((await w.request.get('/_testbed/tenants').expect(200)).body.data.map((t: { id: string }) => t.id)).toEqual([demoId]);
  });
});
