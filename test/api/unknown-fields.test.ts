import { describe, expect, it } from 'vitest';
import { makeTestApp } from '../support/app.ts';
import { validBody } from '../support/vehicles.ts';

/** /v1 ignores body fields it does not declare (docs/decisions.md), and says so in a header. */
describe('body fields a /v1 operation does not declare', () => {
  const t = makeTestApp();
  const { tenant, auth } = t.newTenant();

  it('when a vehicle is patched with colour for color, then it answers 200 with nothing changed and the header names the field', async () => {
    const made = await t.request.post('/v1/vehicles').set(auth).send(validBody()).expect(201);

    const res = await t.request.patch(`/v1/vehicles/${made.body.id}`).set(auth).send({ colour: 'Rojo' });

    expect(res.status).toBe(200);
    expect(res.body.color).toBe(made.body.color);
    expect(res.headers['x-testbed-unknown-fields']).toBe('colour');
  });

  it('when a field the API refuses is sent (plate on a PATCH), then the 400 names it and the header does not: it was read, not ignored', async () => {
    const made = await t.request.post('/v1/vehicles').set(auth).send(validBody({ plate: 'UNF004' })).expect(201);

    const res = await t.request.patch(`/v1/vehicles/${made.body.id}`).set(auth).send({ plate: 'XYZ999', colour: 'Rojo' });

    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('plate no se puede modificar');
    expect(res.headers['x-testbed-unknown-fields']).toBe('colour');
  });

  it('when a field\'s name is empty, then it is ignored without being named, as an empty query name is', async () => {
    const res = await t.request.post('/v1/vehicles').set(auth).send({ ...validBody({ plate: 'UNF005' }), '': 1 }).expect(201);

    expect(res.headers['x-testbed-unknown-fields']).toBeUndefined();
  });

  it('when only declared fields are sent, then there is no header (the boundary)', async () => {
    const res = await t.request.post('/v1/vehicles').set(auth).send(validBody({ plate: 'UNF002' })).expect(201);

    expect(res.headers['x-testbed-unknown-fields']).toBeUndefined();
  });

  it('when a driver is made with extra fields, then it is made and every one is named, percent-encoded when it is not plain ASCII', async () => {
    const res = await t.request.post('/v1/drivers').set(auth).send({ name: 'Ana López', whatsapp: '+525512345678', city: 'CDMX', nmae: 'x', 'teléfono': '1' });

    expect(res.status).toBe(201);
    expect(res.headers['x-testbed-unknown-fields']).toBe('nmae, tel%C3%A9fono');
  });

  it('when a field\'s name holds a lone surrogate, then it is named with the replacement character, never a 500', async () => {
    const res = await t.request.post('/v1/drivers').set(auth).set('content-type', 'application/json').send('{"\\ud800x": 1, "name": null}');

    expect(res.status).toBe(400);
    expect(res.headers['x-testbed-unknown-fields']).toBe('%EF%BF%BDx');
  });

  it('when a request with unknown fields is refused, then the 400 names them too', async () => {
    const res = await t.request.post('/v1/vehicles').set(auth).send({ ...validBody({ plate: 'UNF003' }), year: 'viejo', brnd: 'Kia' });

    expect(res.status).toBe(400);
    expect(res.headers['x-testbed-unknown-fields']).toBe('brnd');
  });

  it('when an operation that takes no body gets one, then every field of it is named', async () => {
    const res = await t.request.post('/v1/vehicles/00000000-0000-4000-8000-000000000000/registrations/platform_a/refresh').set(auth).send({ force: true });

    expect(res.status).toBe(404);
    expect(res.headers['x-testbed-unknown-fields']).toBe('force');
  });

  it('when the journal shows the request, then its answer carries the header', async () => {
    await t.request.post('/v1/assignments').set(auth).send({ vehicleId: '00000000-0000-4000-8000-000000000000', driverId: '00000000-0000-4000-8000-000000000001', extra: 1 });

    const journal = await t.request.get(`/_testbed/tenants/${tenant.id}/requests?operation=createAssignment`).expect(200);

    expect(journal.body.data[0].response.headers['x-testbed-unknown-fields']).toBe('extra');
  });
});
