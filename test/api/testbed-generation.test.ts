import { describe, expect, it } from 'vitest';
import { GENERATION_HEADER } from '../../server/snapshots/generation.ts';
import { WORLD_GENERATION_HEADER } from '../../server/world-snapshots/world-generation.ts';
import { ridesFixtures } from '../support/rides-fixtures.ts';
import { useWorldOnDataDir } from '../support/world.ts';

/** A world on a data dir of its own, rides generate sending back one state header, and a count of the rides a key reads. */
function useGenerateWorld() {
  const w = useWorldOnDataDir();
  const r = ridesFixtures(w);
  const generateWith = (header: string) => (tenantId: string, from: string, to: string, seen?: string) =>
    w.request.post('/_testbed/rides/generate').set(seen === undefined ? {} : { [header]: seen }).send({ tenantId, from, to });
  const ridesIn = async (auth: Record<string, string>) => (await w.request.get('/v1/rides?platform=platform_b&limit=100').set(auth).expect(200)).body.data.length as number;
  return { w, r, generateWith, ridesIn };
}

/** Issue 35: work of several calls that spans a reset or a whole-testbed restore fails with 409, never leaves a hole. */
describe('the state a piece of work started on', () => {
  const { w, r, generateWith, ridesIn } = useGenerateWorld();
  const generate = generateWith(GENERATION_HEADER);

  it('when a call sends back the generation it was given, then it goes through and is given the same one', async () => {
    const first = await w.request.get('/_testbed/clock').expect(200);
    const generation = first.headers[GENERATION_HEADER];
    expect(generation).toMatch(/^[0-9a-z]+\.\d+$/);
    const again = await w.request.get('/_testbed/clock').set(GENERATION_HEADER, generation).expect(200);
    expect(again.headers[GENERATION_HEADER]).toBe(generation);
  });

  it('when a snapshot is restored between two chunks of a generate, then the second chunk answers 409 CONFLICT and generates nothing', async () => {
    const fleet = await r.pbFleet(1);
    await w.request.post('/_testbed/snapshots').send({ name: 'antes' }).expect(201);
    const chunk = await generate(fleet.tenantId, r.daysAgo(6), r.daysAgo(4)).expect(200);
    const generation = chunk.headers[GENERATION_HEADER];
    await w.request.post('/_testbed/snapshots/antes/restore').expect(200);
    const before = await ridesIn(fleet.auth);

    const res = await generate(fleet.tenantId, r.daysAgo(3), r.daysAgo(1), generation);

    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('CONFLICT');
    expect(res.body.error.message).toMatch(/se reinició o se restauró mientras este trabajo seguía en curso/);
    expect(await ridesIn(fleet.auth)).toBe(before);
  });

  it('when the header is no generation at all (a typo, a value of another header), then 400 VALIDATION says so, not a 409 that something changed', async () => {
    const fleet = await r.pbFleet(1);
    const before = await ridesIn(fleet.auth);
    const valid = (await w.request.get('/_testbed/clock').expect(200)).headers[GENERATION_HEADER];

    const res = await generate(fleet.tenantId, r.daysAgo(3), r.daysAgo(1), 'zzz');
    const almost = await w.request.get('/_testbed/clock').set(GENERATION_HEADER, `${valid}.`);

    expect([res.status, res.body.error.code]).toEqual([400, 'VALIDATION']);
    expect(res.body.error.message).toBe('x-testbed-generation no es un valor que haya dado el testbed: «zzz». Manda el de una respuesta del control, o ninguno.');
    expect([almost.status, almost.body.error.code]).toEqual([400, 'VALIDATION']);
    expect(await ridesIn(fleet.auth)).toBe(before);
    // Refusals carry the current one too (the docs: every /_testbed answer).
    expect([res.headers[GENERATION_HEADER], almost.headers[GENERATION_HEADER]]).toEqual([valid, valid]);
  });

  it('when the control guard refuses a call (a partner key sent to /_testbed), then its 403 carries the generation too', async () => {
    const valid = (await w.request.get('/_testbed/clock').expect(200)).headers[GENERATION_HEADER];

    const refused = await w.request.get('/_testbed/clock').set('Authorization', 'Bearer fk_test_0123456789ab_ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef');

    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.headers[GENERATION_HEADER]).toBe(valid);
  });

  it.each([
    ['a reset', '/_testbed/reset'],
    ['a whole restore', '/_testbed/snapshots/punto/restore'],
  ])('when %s answers, then it names the new generation, which the next call may send back', async (_what, path) => {
    await w.request.post('/_testbed/snapshots').send({ name: 'punto' }).expect(201);
    const before = (await w.request.get('/_testbed/clock').expect(200)).headers[GENERATION_HEADER];

    const replaced = await w.request.post(path).expect(200);
    const next = await w.request.get('/_testbed/clock').set(GENERATION_HEADER, replaced.headers[GENERATION_HEADER]);

    expect(replaced.headers[GENERATION_HEADER]).not.toBe(before);
    expect(next.status).toBe(200);
    expect(next.headers[GENERATION_HEADER]).toBe(replaced.headers[GENERATION_HEADER]);
  });

  // Before any replacement the 404 says nothing of one (test/api/world-clocks.test.ts).
  it('when a world made after a whole snapshot is asked for once that snapshot is restored, then its 404 says the worlds were replaced', async () => {
    await w.request.post('/_testbed/snapshots').send({ name: 'sin-el-nuevo' }).expect(201);
    const made = await w.request.post('/_testbed/tenants').send({ name: 'Nueva' }).expect(201);
    await w.request.post('/_testbed/snapshots/sin-el-nuevo/restore').expect(200);

    const after = await w.request.get(`/_testbed/clock?tenant=${made.body.id}`).expect(404);

    expect(after.body.error.message).toBe(`El tenant ${made.body.id} no existe en este testbed. Pudo borrarse, o ser de antes de un reset o de la restauración de una instantánea de todo el testbed: desde que serve arrancó, uno de ellos reemplazó los mundos.`);
    // An id that is no UUID was never a world's, before or after.
    expect((await w.request.get('/_testbed/clock?tenant=abc').expect(404)).body.error.message).toBe('El tenant abc no existe en este testbed.');
  });

  it('when the testbed is reset, then the generation changes too', async () => {
    const generation = (await w.request.get('/_testbed/clock').expect(200)).headers[GENERATION_HEADER];
    await w.request.post('/_testbed/reset').expect(200);
    const res = await w.request.get('/_testbed/clock').set(GENERATION_HEADER, generation);
    expect([res.status, res.body.error?.code]).toEqual([409, 'CONFLICT']);
    expect(res.headers[GENERATION_HEADER]).not.toBe(generation);
    expect(res.headers[GENERATION_HEADER]).toMatch(/^[0-9a-z]+\.\d+$/);
  });
});

/** The same for one world: a restore of it between two chunks of its generate fails the second. */
describe('the state of one world a piece of work started on', () => {
  const { w, r, generateWith, ridesIn } = useGenerateWorld();
  const generate = generateWith(WORLD_GENERATION_HEADER);
  const saveAndRestore = async (tenantId: string) => {
    await w.request.post(`/_testbed/tenants/${tenantId}/snapshots`).send({ name: 'antes' }).expect(201);
    await w.request.post(`/_testbed/tenants/${tenantId}/snapshots/antes/restore`).expect(200);
  };

  it('when the world is restored between two chunks of its generate, then the second chunk answers 409 CONFLICT naming the restore, and generates nothing', async () => {
    const fleet = await r.pbFleet(1);
    await w.request.post(`/_testbed/tenants/${fleet.tenantId}/snapshots`).send({ name: 'antes' }).expect(201);
    const chunk = await generate(fleet.tenantId, r.daysAgo(6), r.daysAgo(4)).expect(200);
    const seen = chunk.headers[WORLD_GENERATION_HEADER];
    await w.request.post(`/_testbed/tenants/${fleet.tenantId}/snapshots/antes/restore`).expect(200);
    const before = await ridesIn(fleet.auth);

    const res = await generate(fleet.tenantId, r.daysAgo(3), r.daysAgo(1), seen);
    const after = await ridesIn(fleet.auth);
    const again = await generate(fleet.tenantId, r.daysAgo(3), r.daysAgo(1), res.headers[WORLD_GENERATION_HEADER]);

    expect(seen).toBe('0');
    expect([res.status, res.body.error.code]).toEqual([409, 'CONFLICT']);
    expect(res.body.error.message).toBe('El mundo se restauró mientras este trabajo seguía en curso: lo hecho antes ya no está en él. Vuelve a ejecutarlo.');
    expect(after).toBe(before);
    // A refusal names no generation: the work starts again without one, and is given the new one.
    expect(res.headers[WORLD_GENERATION_HEADER]).toBeUndefined();
    expect(again.status).toBe(200);
    expect(again.headers[WORLD_GENERATION_HEADER]).toBe('1');
  });

  it('when another world is restored meanwhile, then this world\'s work goes on', async () => {
    const fleet = await r.pbFleet(1);
    const other = await r.pbFleet(1);
    const seen = (await generate(fleet.tenantId, r.daysAgo(6), r.daysAgo(4)).expect(200)).headers[WORLD_GENERATION_HEADER];

    await saveAndRestore(other.tenantId);
    const res = await generate(fleet.tenantId, r.daysAgo(3), r.daysAgo(1), seen);

    expect(res.status).toBe(200);
    expect(res.headers[WORLD_GENERATION_HEADER]).toBe(seen);
  });

  it('when the header is no world generation (a typo, the testbed\'s generation), then 400 VALIDATION says so and nothing is generated', async () => {
    const fleet = await r.pbFleet(1);
    const testbed = (await w.request.get('/_testbed/clock').expect(200)).headers[GENERATION_HEADER];

    const res = await generate(fleet.tenantId, r.daysAgo(3), r.daysAgo(1), testbed);

    expect([res.status, res.body.error.code]).toEqual([400, 'VALIDATION']);
    expect(res.body.error.message).toBe(`x-testbed-world-generation no es un valor que haya dado el testbed: «${testbed}». Manda el de una respuesta del control, o ninguno.`);
    expect(res.body.error.details).toEqual([{ field: 'x-testbed-world-generation', message: 'Debe ser el valor de una respuesta, p. ej. 0' }]);
    expect(await ridesIn(fleet.auth)).toBe(0);
  });
});
