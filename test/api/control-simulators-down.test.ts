import { describe, expect, it } from 'vitest';
import { useWorldOnDataDir } from '../support/world.ts';

/**
 * The control calls that need the simulators, with the simulators' process unreachable: each answers
 * 503 PLATFORM_UNAVAILABLE (declared in the control document: the response check of every api test
 * fails on an undeclared status) and changes nothing here.
 */
describe('control calls that reach the simulators, while they are unreachable', () => {
  const w = useWorldOnDataDir();

  it('when a reset, a whole snapshot, its restore and the platforms\' faults are asked, then each is 503 and the snapshots stay as they were', async () => {
    await w.request.post('/_testbed/snapshots').send({ name: 'antes' }).expect(201);
    const tenant = (await w.request.post('/_testbed/tenants').send({ name: 'Flota Caída' }).expect(201)).body;
    w.net.platformDown('control');

    const answers = [
      await w.request.post('/_testbed/reset'),
      await w.request.post('/_testbed/snapshots').send({ name: 'despues' }),
      await w.request.post('/_testbed/snapshots/antes/restore'),
      await w.request.get('/_testbed/faults'),
    ];

    expect(answers.map((res) => [res.status, res.body.error.code])).toEqual(Array(4).fill([503, 'PLATFORM_UNAVAILABLE']));
    expect((await w.request.get('/_testbed/snapshots').expect(200)).body.data.map((s: { name: string }) => s.name)).toEqual(['antes']);
    expect((await w.request.get('/_testbed/tenants').expect(200)).body.data.map((t: { id: string }) => t.id)).toContain(tenant.id);
  });

  it('when a world\'s snapshot is deleted, then 503 and it is still listed', async () => {
    const tenant = (await w.request.post('/_testbed/tenants').send({ name: 'Flota Caída' }).expect(201)).body;
    await w.request.post(`/_testbed/tenants/${tenant.id}/snapshots`).send({ name: 'inicio' }).expect(201);
    w.net.platformDown('control');

    const res = await w.request.delete(`/_testbed/tenants/${tenant.id}/snapshots/inicio`);

    expect([res.status, res.body.error.code]).toEqual([503, 'PLATFORM_UNAVAILABLE']);
    expect((await w.request.get(`/_testbed/tenants/${tenant.id}/snapshots`).expect(200)).body.data.map((s: { name: string }) => s.name)).toEqual(['inicio']);
  });
});
