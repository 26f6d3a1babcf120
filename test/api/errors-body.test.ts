import { describe, expect, it } from 'vitest';
import { makeTestApp } from '../support/app.ts';
import { expectEnvelope } from '../support/error-envelope.ts';
import { validBody, vehicleBody } from '../support/vehicles.ts';

/** A new tenant POSTs `raw` to /v1/vehicles as `type`; `vehicles()` counts the rows it left. */
async function postRaw(raw: string, type = 'application/json') {
  const { request, newTenant, deps } = makeTestApp();
  const { auth } = newTenant();
  const res = await request.post('/v1/vehicles').set(auth).set('Content-Type', type).send(raw);
  return { res, vehicles: () => (deps.db.prepare('SELECT COUNT(*) AS n FROM vehicles').get() as { n: number }).n };
}

/** A new tenant PATCHes `raw` as JSON onto its one vehicle; `notes()` reads what that vehicle holds. */
async function patchRaw(raw: string) {
  const { request, newTenant, deps } = makeTestApp();
  const { auth } = newTenant();
  const id = (await request.post('/v1/vehicles').set(auth).send(vehicleBody())).body.id;
  const res = await request.patch(`/v1/vehicles/${id}`).set(auth).set('Content-Type', 'application/json').send(raw);
  return { res, notes: () => deps.db.prepare('SELECT notes FROM vehicles WHERE id = ?').get(id) };
}

describe('body parsing errors', () => {
  it.each([
    ['a truncated object', '{"plate":"ABC123",'],
    ['single quotes', "{'plate':'ABC123'}"],
    ['a trailing comma', '{"plate":"ABC123",}'],
    ['plain words', 'hola'],
  ])('when POST /v1/vehicles sends malformed JSON (%s), then 400 VALIDATION in the envelope', async (_label, raw) => {
    const { res, vehicles } = await postRaw(raw);

    expectEnvelope(res, 400, 'VALIDATION');
    expect(res.body.error.message).toBe('El cuerpo de la solicitud no es JSON válido.');
    expect(vehicles()).toBe(0);
  });

  it('when a JSON body is not valid UTF-8 (Latin-1 "Nuñez"), then 400 VALIDATION saying so and nothing is created; the same bytes in UTF-8 are taken', async () => {
    const { request, newTenant, deps } = makeTestApp();
    const { auth } = newTenant();
    const body = (plate: string, brand: string, encoding: BufferEncoding) => Buffer.from(JSON.stringify(validBody({ plate, brand })), encoding);
    const count = () => (deps.db.prepare('SELECT COUNT(*) AS n FROM vehicles').get() as { n: number }).n;

    // The bytes as they are: supertest would send a Buffer as JSON of its own.
    const post = async (bytes: Buffer) => {
      const res = await fetch(request.post('/v1/vehicles').url, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: new Uint8Array(bytes) });
      return { status: res.status, body: await res.json() };
    };

    const latin1 = await post(body('ENC-001', 'Nuñez', 'latin1'));
    expect(count()).toBe(0);
    const utf8 = await post(body('ENC-002', 'Nuñez', 'utf8'));

    expect(latin1.status).toBe(400);
    expect(latin1.body.error.code).toBe('VALIDATION');
    expect(latin1.body.error.message).toBe('El cuerpo de la solicitud no es UTF-8 válido: envía el JSON en UTF-8 (Content-Type: application/json; charset=utf-8).');
    expect(utf8.status).toBe(201);
    expect(utf8.body.brand).toBe('Nuñez');
  });

  it.each([
    ['iso-8859-1', 'El cuerpo viene en el juego de caracteres iso-8859-1, que no se admite'],
    ['utf8', 'charset=utf8 no se reconoce: escríbelo con guion, charset=utf-8 (o quítalo: JSON es UTF-8).'],
    // Named back only when short: a 41-character one is not echoed.
    ['x'.repeat(41), 'El cuerpo viene en un juego de caracteres, que no se admite'],
  ])('when a JSON body says charset=%s, then 400 VALIDATION naming it (up to 40 characters) and nothing is created', async (charset, message) => {
    const { res, vehicles } = await postRaw(JSON.stringify(vehicleBody()), `application/json; charset=${charset}`);

    expectEnvelope(res, 400, 'VALIDATION');
    expect(res.body.error.message).toContain(message);
    expect(vehicles()).toBe(0);
  });

  it('when PATCH sends malformed JSON, then 400 VALIDATION and nothing is saved', async () => {
    const { res, notes } = await patchRaw('{"notes": "x"');

    expectEnvelope(res, 400, 'VALIDATION');
    expect(notes()).toEqual({ notes: null });
  });

  it.each([
    ['text/plain', JSON.stringify(vehicleBody())],
    ['application/x-www-form-urlencoded', 'plate=ERR-001&brand=Nissan&model=Versa&year=2022&color=Blanco'],
    ['application/xml', '<vehicle><plate>ERR-001</plate></vehicle>'],
  ])('when POST /v1/vehicles sends Content-Type %s, then 400 VALIDATION and nothing is created', async (type, raw) => {
    const { res, vehicles } = await postRaw(raw, type);

    expectEnvelope(res, 400, 'VALIDATION');
    expect(res.body.error.message).toMatch(/JSON/);
    expect(vehicles()).toBe(0);
  });

  it('when POST /v1/vehicles has no body at all (no Content-Type), then it is read as {}: 400 VALIDATION names the fields it needs', async () => {
    const { request, newTenant } = makeTestApp();
    const { auth } = newTenant();

    const res = await request.post('/v1/vehicles').set(auth);

    expectEnvelope(res, 400, 'VALIDATION');
    expect(res.body.error.details).toContainEqual({ field: 'plate', message: 'plate es obligatorio' });
  });

  it('when a control call that needs a body gets none at all (POST …/snapshots), then 400 names the field it needs', async () => {
    const { request, newTenant } = makeTestApp();
    const { tenant } = newTenant();

    const res = await request.post(`/_testbed/tenants/${tenant.id}/snapshots`);

    expectEnvelope(res, 400, 'VALIDATION');
    expect(res.body.error.details.map((d: { field: string }) => d.field)).toEqual(['name']);
  });

  it('when an empty body is said to be text, then it is refused as not JSON (it said what it was); with no type at all it is read as {} (the boundary)', async () => {
    const { request, newTenant } = makeTestApp();
    const { auth } = newTenant();

    const text = await request.post('/v1/vehicles').set(auth).set('Content-Type', 'text/plain').send('');
    const untyped = await request.post('/v1/vehicles').set(auth);

    expect(text.body.error.message).toBe('El cuerpo debe ser JSON con Content-Type: application/json.');
    expect(untyped.body.error.details).toContainEqual({ field: 'plate', message: 'plate es obligatorio' });
  });

  it('when POST /v1/vehicles says its body is JSON and sends none, then it is read as {}: the fields it needs are named, not the Content-Type it had', async () => {
    const { request, newTenant } = makeTestApp();
    const { auth } = newTenant();

    const res = await request.post('/v1/vehicles').set(auth).set('Content-Type', 'application/json; charset=utf-8');

    expectEnvelope(res, 400, 'VALIDATION');
    expect(res.body.error.details).toContainEqual({ field: 'plate', message: 'plate es obligatorio' });
  });

  it.each([
    ['null', 'null', 'null'],
    ['a number', '5', 'un número'],
    ['a string', '"ABC123"', 'un texto'],
    ['a boolean', 'true', 'un valor booleano'],
    ['an array', JSON.stringify([vehicleBody()]), 'un arreglo'],
  ])('when the JSON body is %s, then 400 VALIDATION saying an object is expected, not that it is invalid JSON', async (_label, raw, kind) => {
    const { res, vehicles } = await postRaw(raw);

    expectEnvelope(res, 400, 'VALIDATION');
    expect(res.body.error.message).toBe(`El cuerpo debe ser un objeto JSON ({…}); se recibió ${kind}.`);
    expect(res.body.error.details).toEqual([{ field: '(cuerpo)', message: `Se esperaba un objeto JSON, se recibió ${kind}` }]);
    expect(vehicles()).toBe(0);
  });

  it('when a PATCH body is null, then 400 VALIDATION and nothing is saved', async () => {
    const { res, notes } = await patchRaw('null');

    expectEnvelope(res, 400, 'VALIDATION');
    expect(res.body.error.message).toMatch(/objeto JSON/);
    expect(notes()).toEqual({ notes: null });
  });

  it('when the body is over 1 MB, then 413 FILE_TOO_LARGE saying the body passes 1 MB, and nothing is created', async () => {
    const huge = JSON.stringify({ ...vehicleBody(), padding: 'x'.repeat(1024 * 1024) });

    const { res, vehicles } = await postRaw(huge);

    expectEnvelope(res, 413, 'FILE_TOO_LARGE');
    expect(res.body.error.message).toBe('El cuerpo de la solicitud supera el máximo de 1 MB.');
    expect(vehicles()).toBe(0);
  });

  it('when the body is just under 1 MB, then it is parsed (and validated) rather than refused as too large', async () => {
    const body = JSON.stringify({ ...vehicleBody(), padding: 'x'.repeat(1_000_000) });

    const { res } = await postRaw(body);

    expect(res.status).toBe(201);
  });
});
