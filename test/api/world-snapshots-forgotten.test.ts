import { describe, expect, it } from 'vitest';
import { useWorldOnDataDir } from '../support/world.ts';

/** A world snapshot a whole-testbed restore dropped says so when asked for, instead of "no existe". */
describe('world snapshots dropped by a whole-testbed restore', () => {
  const w = useWorldOnDataDir();
  const base = (id: string) => `/_testbed/tenants/${id}/snapshots`;

  it('when a world snapshot is restored after a whole restore, then 404 says the whole restore dropped it; saved again, it restores', async () => {
    const world = (await w.request.post('/_testbed/tenants').send({ name: 'Flota Olvidada', fixture: { vehicles: 1, registeredOn: ['platform_b'] } }).expect(201)).body;
    await w.request.post('/_testbed/snapshots').send({ name: 'todo' }).expect(201);
    await w.request.post(base(world.id)).send({ name: 'inicio' }).expect(201);
    await w.request.post('/_testbed/snapshots/todo/restore').expect(200);

    const gone = await w.request.post(`${base(world.id)}/inicio/restore`);
    const never = await w.request.post(`${base(world.id)}/otra/restore`);
    await w.request.post(base(world.id)).send({ name: 'inicio' }).expect(201);
    const again = await w.request.post(`${base(world.id)}/inicio/restore`);

    expect(gone.status).toBe(404);
    expect(gone.body.error.message).toBe('La instantánea «inicio» de este mundo ya no existe: un reset o la restauración de una instantánea de todo el testbed reemplazó todos los mundos. Guárdala de nuevo.');
    expect(never.status).toBe(404);
    expect(never.body.error.message).not.toContain('ya no existe');
    expect(again.status).toBe(200);
  });
});
