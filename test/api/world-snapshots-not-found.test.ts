import { describe, expect, it } from 'vitest';
import { useWorldOnDataDir } from '../support/world.ts';
import { DELETED_REMEMBERED } from '../../server/world-snapshots/service.ts';

/** A world snapshot not there says why, or where it is, instead of a bare "no existe". */
describe('world snapshots asked for where they are not', () => {
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

  it('when a world snapshot is restored after a reset and a whole restore that brought its world back, then 404 names both as what drops them', async () => {
    const world = (await w.request.post('/_testbed/tenants').send({ name: 'Flota Devuelta' }).expect(201)).body;
    await w.request.post('/_testbed/snapshots').send({ name: 'con-ella' }).expect(201);
    await w.request.post(base(world.id)).send({ name: 'inicio' }).expect(201);
    await w.request.post('/_testbed/reset').expect(200);
    await w.request.post('/_testbed/snapshots/con-ella/restore').expect(200);

    const gone = await w.request.post(`${base(world.id)}/inicio/restore`);

    expect(gone.status).toBe(404);
    expect(gone.body.error.message).toBe('La instantánea «inicio» de este mundo no existe: no se guardó con ese nombre, se borró, o la quitó un reinicio de serve, un reset o la restauración de una instantánea de todo el testbed (las de un mundo duran lo que dura serve).');
  });

  it('when a world snapshot is restored or deleted after it was deleted, then 404 says it was deleted; saved again, it restores; the world deleted, nothing of it is remembered', async () => {
    const world = (await w.request.post('/_testbed/tenants').send({ name: 'Flota Borradora' }).expect(201)).body;
    await w.request.post(base(world.id)).send({ name: 'inicio' }).expect(201);
    await w.request.delete(`${base(world.id)}/inicio`).expect(200);
    const remembered = w.services.worldSnapshots.forgottenCount();

    const restore = await w.request.post(`${base(world.id)}/inicio/restore`);
    const remove = await w.request.delete(`${base(world.id)}/inicio`);
    await w.request.post(base(world.id)).send({ name: 'inicio' }).expect(201);
    const again = await w.request.post(`${base(world.id)}/inicio/restore`);
    await w.request.delete(`${base(world.id)}/inicio`).expect(200);
    await w.request.delete(`/_testbed/tenants/${world.id}`).expect(200);

    const deleted = 'La instantánea «inicio» de este mundo ya no existe: se borró. Guárdala de nuevo.';
    expect([restore.status, restore.body.error.message]).toEqual([404, deleted]);
    expect([remove.status, remove.body.error.message]).toEqual([404, deleted]);
    expect(again.status).toBe(200);
    expect(w.services.worldSnapshots.forgottenCount()).toBe(remembered - 1);
  });

  it(`when a world deletes more than ${DELETED_REMEMBERED} snapshots, then only the last ${DELETED_REMEMBERED} are remembered as deleted (the map does not grow without end)`, async () => {
    const world = (await w.request.post('/_testbed/tenants').send({ name: 'Flota Muchas' }).expect(201)).body;
    const before = w.services.worldSnapshots.forgottenCount();
    for (let i = 0; i <= DELETED_REMEMBERED; i++) {
      await w.request.post(base(world.id)).send({ name: `s-${i}` }).expect(201);
      await w.request.delete(`${base(world.id)}/s-${i}`).expect(200);
    }

    const oldest = await w.request.post(`${base(world.id)}/s-0/restore`);
    const newest = await w.request.post(`${base(world.id)}/s-${DELETED_REMEMBERED}/restore`);

    expect(w.services.worldSnapshots.forgottenCount()).toBe(before + DELETED_REMEMBERED);
    expect(oldest.body.error.message).toContain('no existe: no se guardó con ese nombre, se borró');
    expect(newest.body.error.message).toContain('ya no existe: se borró');
  });

  it('when a world\'s snapshot is restored or deleted as a whole one (no tenant), then 404 names the world it is in, and nothing changes', async () => {
    const world = (await w.request.post('/_testbed/tenants').send({ name: 'Flota Suya' }).expect(201)).body;
    await w.request.post(base(world.id)).send({ name: 'suya' }).expect(201);

    const restore = await w.request.post('/_testbed/snapshots/suya/restore');
    const remove = await w.request.delete('/_testbed/snapshots/suya');
    const nobodys = await w.request.post('/_testbed/snapshots/de-nadie/restore');

    const where = `La instantánea «suya» no es de todo el testbed: es del mundo ${world.id}. Úsala en ese mundo: /_testbed/tenants/${world.id}/snapshots/suya (en el CLI, --tenant ${world.id}).`;
    expect([restore.status, restore.body.error.message]).toEqual([404, where]);
    expect([remove.status, remove.body.error.message]).toEqual([404, where]);
    expect([nobodys.status, nobodys.body.error.message]).toEqual([404, 'La instantánea «de-nadie» no existe.']);
    expect((await w.request.get(base(world.id)).expect(200)).body.data.map((s: { name: string }) => s.name)).toEqual(['suya']);
  });
});

describe('what is remembered of world snapshots a whole restore dropped', () => {
  const w = useWorldOnDataDir();
  const base = (id: string) => `/_testbed/tenants/${id}/snapshots`;

  it('when a whole restore removes a world that had snapshots, then nothing of it is remembered; the worlds it kept say why theirs are gone', async () => {
    const world = async (name: string) => (await w.request.post('/_testbed/tenants').send({ name }).expect(201)).body.id as string;
    const kept = await world('Flota Guardada');
    await w.request.post('/_testbed/snapshots').send({ name: 'con-una' }).expect(201);
    const removed = await world('Flota Quitada');
    await w.request.post(base(kept)).send({ name: 'k' }).expect(201);
    await w.request.post(base(removed)).send({ name: 'r' }).expect(201);

    await w.request.post('/_testbed/snapshots/con-una/restore').expect(200);

    expect(w.services.worldSnapshots.forgottenCount()).toBe(1);
    expect((await w.request.post(`${base(kept)}/k/restore`)).body.error.message).toContain('ya no existe: un reset');
    expect((await w.request.post(`${base(removed)}/r/restore`)).status).toBe(404);
  });
});
