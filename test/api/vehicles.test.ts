import { describe, expect, it } from 'vitest';
import { makeTestApp, TEST_CLOCK_START } from '../support/app.ts';
import { tempDatabaseFiles } from '../support/temp-db.ts';

type Body = Record<string, unknown>;

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const VALID_VIN = '1HGCM82633A004352';

/** A body that passes every rule; each test overrides what it is about. */
const validBody = (overrides: Body = {}): Body => ({
  plate: 'ABC123',
  brand: 'Nissan',
  model: 'Versa',
  year: 2022,
  color: 'Blanco',
  ...overrides,
});

/** Drops a key from a body (for "missing field" cases). */
const without = (body: Body, ...keys: string[]) => Object.fromEntries(Object.entries(body).filter(([k]) => !keys.includes(k)));

function setup() {
  const t = makeTestApp();
  const owner = t.newTenant('Flota Uno');
  const post = (body: Body, auth = owner.auth) => t.request.post('/v1/vehicles').set(auth).send(body);
  const count = (sql = 'SELECT COUNT(*) AS n FROM vehicles', ...params: unknown[]) =>
    (t.deps.db.prepare(sql).get(...params) as { n: number }).n;
  return { ...t, owner, post, count };
}

const fieldsOf = (res: { body: any }) => (res.body.error?.details ?? []).map((d: { field: string }) => d.field);

/** POSTs `body` on a new tenant: 400 VALIDATION whose details name `field`, and no vehicle saved. */
async function expectRefusedNaming(field: string, body: Body) {
  const { post, count } = setup();

  const res = await post(body);

  expect(res.status).toBe(400);
  expect(res.body.error.code).toBe('VALIDATION');
  expect(fieldsOf(res)).toContain(field);
  expect(count()).toBe(0);
}

describe('POST /v1/vehicles: limits of spec §8', () => {
  it.each([
    ['plate of 6 chars', { plate: 'ABC123' }],
    ['plate of 10 chars', { plate: 'ABCDE12345' }],
    ['plate with a hyphen', { plate: 'ABC-123' }],
    ['brand of 1 char', { brand: 'B' }],
    ['brand of 80 chars', { brand: 'B'.repeat(80) }],
    ['model of 1 char', { model: 'M' }],
    ['model of 80 chars', { model: 'M'.repeat(80) }],
    ['year 2000', { year: 2000 }],
    ['year 2100', { year: 2100 }],
    ['color of 40 chars that names a catalog colour', { color: `azul${' '.repeat(30)}oscuro` }],
    ['city of 2 chars', { city: 'Xa' }],
    ['city of 80 chars', { city: 'C'.repeat(80) }],
    ['a valid 17-char vin', { vin: VALID_VIN }],
    ['platforms with one item', { platforms: ['platform_b'] }],
    ['platforms with both platforms', { platforms: ['platform_a', 'platform_b'] }],
  ])('when the body has %s (just inside), then answers 201', async (_label, overrides) => {
    // Arrange
    const { post, count } = setup();

    // Act
    const res = await post(validBody(overrides));

    // Assert
    expect(res.status).toBe(201);
    expect(res.body.id).toMatch(UUID_V4);
    expect(count()).toBe(1);
  });

  it.each([
    ['plate of 5 chars', { plate: 'AB123' }, 'plate'],
    ['plate of 11 chars', { plate: 'ABCDE123456' }, 'plate'],
    ['plate missing', { plate: undefined }, 'plate'],
    ['plate as a number', { plate: 1234567 }, 'plate'],
    ['brand empty', { brand: '' }, 'brand'],
    ['brand whitespace only', { brand: '    ' }, 'brand'],
    ['brand of 81 chars', { brand: 'B'.repeat(81) }, 'brand'],
    ['model empty', { model: '' }, 'model'],
    ['model whitespace only', { model: ' \t ' }, 'model'],
    ['model of 81 chars', { model: 'M'.repeat(81) }, 'model'],
    ['year 1999', { year: 1999 }, 'year'],
    ['year 2101', { year: 2101 }, 'year'],
    ['year not an integer', { year: 2020.5 }, 'year'],
    ['year as a string', { year: '2020' }, 'year'],
    ['color empty', { color: '' }, 'color'],
    ['color of 41 chars', { color: `azul${' '.repeat(31)}oscuro` }, 'color'],
    ['city of 1 char', { city: 'X' }, 'city'],
    ['city of 81 chars', { city: 'C'.repeat(81) }, 'city'],
    ['vin of 16 chars', { vin: VALID_VIN.slice(0, 16) }, 'vin'],
    ['vin of 18 chars', { vin: `${VALID_VIN}1` }, 'vin'],
    ['vin in lower case', { vin: VALID_VIN.toLowerCase() }, 'vin'],
    ['vin with an I', { vin: `I${VALID_VIN.slice(1)}` }, 'vin'],
    ['vin with an O', { vin: `O${VALID_VIN.slice(1)}` }, 'vin'],
    ['vin with a Q', { vin: `Q${VALID_VIN.slice(1)}` }, 'vin'],
    ['platforms empty', { platforms: [] }, 'platforms'],
    ['platforms with an invalid value', { platforms: ['platform_c'] }, 'platforms.0'],
    ['platforms in upper case', { platforms: ['PLATFORM_A'] }, 'platforms.0'],
    ['platforms not an array', { platforms: 'platform_a' }, 'platforms'],
  ])('when the body has %s (just outside), then answers 400 VALIDATION naming the field and saves nothing', async (_label, overrides, field) => {
    await expectRefusedNaming(field, validBody(overrides));
  });

  it('when color is 1 char long, then the length is accepted and only the catalog rejects it', async () => {
    const { post } = setup();

    const res = await post(validBody({ color: 'x' }));

    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
    expect(res.body.error.message).toMatch(/catálogo/);
    expect(res.body.error.message).not.toMatch(/al menos/);
  });

  it.each([
    [{ color: 'fucsia' }, 'color'],
    [{ color: undefined, colorId: 21 }, 'colorId'],
  ])('when the colour %j is refused, then details lists the valid colours with their ids', async (colour, field) => {
    const { post, count } = setup();

    const res = await post(validBody(colour));

    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ field, message: res.body.error.message, allowed: expect.any(Array) }]);
    expect(res.body.error.details[0].allowed).toHaveLength(20);
    expect(res.body.error.details[0].allowed).toContainEqual({ id: 1, name: 'Blanco' });
    expect(count()).toBe(0);
  });

  it.each([
    ['Blanco perla', 'Blanco'], ['perla', 'Blanco'], ['crema', 'Beige'], ['violeta', 'Morado'], ['lila', 'Morado'],
    ['verde olivo', 'Verde oscuro'], ['negro mate', 'Negro'],
  ])('when color is %j, then the vehicle is created with the catalog colour %s', async (color, name) => {
    const { post } = setup();

    const res = await post(validBody({ color }));

    expect(res.status).toBe(201);
    expect(res.body.color).toBe(name);
  });

  it('when platforms is omitted, then the vehicle gets [platform_a]', async () => {
    const { post } = setup();

    const res = await post(without(validBody(), 'platforms'));

    expect(res.status).toBe(201);
    expect(res.body.platforms).toEqual(['platform_a']);
  });

  it('when platforms repeats a value, then it is stored once', async () => {
    const { post } = setup();

    const res = await post(validBody({ platforms: ['platform_b', 'platform_b'] }));

    expect(res.status).toBe(201);
    expect(res.body.platforms).toEqual(['platform_b']);
  });

  it('when text fields carry surrounding spaces and the plate is lower case, then they are stored trimmed and upper case', async () => {
    const { post } = setup();

    const res = await post(validBody({ plate: ' abc-123 ', brand: '  Nissan ', model: ' Versa  ' }));

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ plate: 'ABC-123', brand: 'Nissan', model: 'Versa' });
  });
});

describe('POST /v1/vehicles: colour rules', () => {
  it.each([
    ['the canonical name', { color: 'Rojo' }, 'Rojo', 6],
    ['a name in another case without accents', { color: 'CAFE CLARO' }, 'Café claro', 13],
    ['a name with accents and odd spacing', { color: '  café   oscuro ' }, 'Café oscuro', 14],
    ['a synonym', { color: 'navy' }, 'Azul oscuro', 8],
    ['a Spanish synonym', { color: 'plateada' }, 'Plata', 3],
    ['a generic name alone', { color: 'gris' }, 'Gris claro', 4],
    ['another generic name alone', { color: 'Verde' }, 'Verde claro', 9],
    ['a generic name with the dark variant id', { color: 'gris', colorId: 5 }, 'Gris oscuro', 5],
    ['a generic name with the light variant id', { color: 'azul', colorId: 7 }, 'Azul claro', 7],
    ['only a colorId', { color: undefined, colorId: 2 }, 'Negro', 2],
    ['a name and the matching id', { color: 'negra', colorId: 2 }, 'Negro', 2],
  ])('when the body sends %s, then answers 201 with the canonical name and its id', async (_label, overrides, name, id) => {
    // Arrange
    const { post } = setup();

    // Act
    const res = await post(validBody(overrides));

    // Assert
    expect(res.status).toBe(201);
    expect(res.body.color).toBe(name);
    expect(res.body.colorId).toBe(id);
  });

  it.each([
    ['a name and an id of different colours', { color: 'Rojo', colorId: 1 }, 'color'],
    ['a generic name and an id outside its pair', { color: 'gris', colorId: 7 }, 'color'],
    ['a name outside the catalog', { color: 'Fucsia' }, 'color'],
    ['an id outside the catalog', { color: undefined, colorId: 999 }, 'colorId'],
    ['colorId 0', { color: undefined, colorId: 0 }, 'colorId'],
    ['colorId as a string', { color: undefined, colorId: '2' }, 'colorId'],
    ['colorId not an integer', { color: undefined, colorId: 2.5 }, 'colorId'],
    ['neither color nor colorId', { color: undefined }, 'color'],
    ['color null and no colorId', { color: null }, 'color'],
  ])('when the body sends %s, then answers 400 VALIDATION on %s and saves nothing', async (_label, overrides, field) => {
    await expectRefusedNaming(field, validBody(overrides));
  });
});

describe('POST /v1/vehicles: uniqueness across tenants', () => {
  it.each([
    ['the same text', 'ABC-123', 'ABC-123'],
    ['lower case', 'ABC-123', 'abc-123'],
    ['without the hyphen', 'ABC-123', 'ABC123'],
    ['with a space instead of the hyphen', 'ABC-123', 'abc 123'],
    ['with a hyphen the first had not', 'XYZ987', 'xyz-987'],
  ])('when another tenant registers the plate written as %s, then answers 409 CONFLICT naming the stored plate, not the input', async (_label, first, second) => {
    // Arrange
    const { post, owner, count, newTenant } = setup();
    const other = newTenant('Flota Dos');
    expect((await post(validBody({ plate: first }), owner.auth)).status).toBe(201);

    // Act
    const res = await post(validBody({ plate: second }), other.auth);

    // Assert
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('CONFLICT');
    expect(res.body.error.message).toBe(`Ya existe un vehículo con la placa ${first}.`);
    expect(res.body.error.details).toEqual([{ field: 'plate', message: expect.stringContaining(first) }]);
    expect(count()).toBe(1);
  });

  it('when another tenant registers the same VIN with a different plate, then answers 409 CONFLICT naming the VIN', async () => {
    const { post, owner, count, newTenant } = setup();
    const other = newTenant('Flota Dos');
    expect((await post(validBody({ plate: 'AAA111', vin: VALID_VIN }), owner.auth)).status).toBe(201);

    const res = await post(validBody({ plate: 'BBB222', vin: VALID_VIN }), other.auth);

    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('CONFLICT');
    expect(res.body.error.message).toMatch(/VIN/);
    expect(res.body.error.message).not.toMatch(/placa/i);
    expect(res.body.error.details).toEqual([expect.objectContaining({ field: 'vin' })]);
    expect(count()).toBe(1);
  });

  it('when two vehicles have no VIN, then both are created (a missing VIN is not a duplicate)', async () => {
    const { post, count } = setup();

    const a = await post(validBody({ plate: 'AAA111' }));
    const b = await post(validBody({ plate: 'BBB222' }));

    expect([a.status, b.status]).toEqual([201, 201]);
    expect([a.body.vin, b.body.vin]).toEqual([null, null]);
    expect(count()).toBe(2);
  });

  it('when a create fails as a duplicate, then no orphan registration rows are left', async () => {
    const { post, owner, count } = setup();
    await post(validBody({ plate: 'AAA111' }), owner.auth);

    await post(validBody({ plate: 'aaa-111' }), owner.auth);

    expect(count('SELECT COUNT(*) AS n FROM vehicle_registrations')).toBe(2);
  });
});

describe('POST /v1/vehicles: response', () => {
  it('when a vehicle is created, then the response carries every field of the spec Vehicle with two registrations both none', async () => {
    // Arrange
    const { post } = setup();

    // Act
    const res = await post(
      validBody({ plate: 'abc-123', color: 'gris', city: 'cdmx', vin: VALID_VIN, platforms: ['platform_a', 'platform_b'] }),
    );

    // Assert
    expect(res.status).toBe(201);
    const registration = (platform: string) => ({
      platform,
      status: 'none',
      documentsRequired: false,
      docStatus: null,
      docReviewStatus: null,
      registeredAt: null,
      approvedAt: null,
    });
    expect(res.body).toMatchObject({
      id: expect.stringMatching(UUID_V4),
      plate: 'ABC-123',
      brand: 'Nissan',
      model: 'Versa',
      year: 2022,
      color: 'Gris claro',
      colorId: 4,
      city: 'Ciudad de México',
      vin: VALID_VIN,
      status: 'activo',
      platforms: ['platform_a', 'platform_b'],
      assignedDriverId: null,
      registrations: [registration('platform_a'), registration('platform_b')],
      createdAt: TEST_CLOCK_START,
      updatedAt: TEST_CLOCK_START,
    });
    for (const reg of res.body.registrations) expect(Object.keys(reg)).toHaveLength(7);
  });

  it('when optional fields are omitted, then city and vin are null', async () => {
    const { post } = setup();

    const res = await post(validBody());

    expect(res.status).toBe(201);
    expect(res.body.city).toBeNull();
    expect(res.body.vin).toBeNull();
    expect(res.body).toHaveProperty('assignedDriverId', null);
  });

  it('when a city is not in the catalog, then it is kept as sent', async () => {
    const { post } = setup();

    const res = await post(validBody({ city: 'Pueblo Nuevo' }));

    expect(res.status).toBe(201);
    expect(res.body.city).toBe('Pueblo Nuevo');
  });

  it('when the simulated clock has moved, then createdAt and updatedAt follow the simulated clock, not real time', async () => {
    // Arrange
    const { post, deps } = setup();
    deps.clocks.service.advance(90 * 60_000);

    // Act
    const res = await post(validBody());

    // Assert
    expect(res.body.createdAt).toBe('2026-03-02T16:30:00.000Z');
    expect(res.body.updatedAt).toBe(res.body.createdAt);
  });

  it('when the created vehicle is read back, then GET returns the same representation', async () => {
    const { post, request, owner } = setup();
    const created = await post(validBody({ city: 'Monterrey', vin: VALID_VIN }));

    const read = await request.get(`/v1/vehicles/${created.body.id}`).set(owner.auth);

    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);
  });

  it('when the body has unknown fields, then they are ignored', async () => {
    const { post } = setup();

    const res = await post(validBody({ owner: 'someone', status: 'inactivo' }));

    expect(res.status).toBe(201);
    expect(res.body).not.toHaveProperty('owner');
    expect(res.body.status).toBe('activo');
  });
});

describe('POST /v1/vehicles: concurrency', () => {
  it('when two tenants create the same plate at once, then exactly one gets 201 and the other 409', async () => {
    // Arrange
    const { post, owner, newTenant, count } = setup();
    const other = newTenant('Flota Dos');

    // Act
    const results = await Promise.all([
      post(validBody({ plate: 'RACE-01' }), owner.auth),
      post(validBody({ plate: 'race01' }), other.auth),
    ]);

    // Assert
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(count()).toBe(1);
  });

  it('when 20 requests create the same plate concurrently, then exactly one 201, nineteen 409 and one row', async () => {
    // Arrange
    const { post, newTenant, count } = setup();
    const tenants = Array.from({ length: 4 }, (_, i) => newTenant(`Flota ${i}`));
    const spellings = ['RACE-20', 'race20', 'Race 20', 'RACE20'];

    // Act
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post(validBody({ plate: spellings[i % 4] }), tenants[i % 4].auth)),
    );

    // Assert
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.error.code).toBe('CONFLICT');
    expect(count()).toBe(1);
    expect(count('SELECT COUNT(*) AS n FROM vehicle_registrations')).toBe(2);
  });

  describe('two apps on one SQLite file (like two processes)', () => {
    const connections = tempDatabaseFiles();
    const twoApps = () => connections(2).map((db) => makeTestApp({ db }));

    it('when both create the same plate concurrently, then one wins, the others get 409 and the file holds one row', async () => {
      // Arrange
      const [a, b] = twoApps();
      const ta = a.newTenant('Flota A');
      const tb = b.newTenant('Flota B');
      const body = (plate: string) => validBody({ plate });

      // Act
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          i % 2 === 0
            ? a.request.post('/v1/vehicles').set(ta.auth).send(body('DUO-777'))
            : b.request.post('/v1/vehicles').set(tb.auth).send(body('duo 777')),
        ),
      );

      // Assert
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(9);
      expect((a.deps.db.prepare('SELECT COUNT(*) AS n FROM vehicles').get() as { n: number }).n).toBe(1);
      expect((b.deps.db.prepare('SELECT COUNT(*) AS n FROM vehicle_registrations').get() as { n: number }).n).toBe(2);
    });

    it('when both create different vehicles, then ids never collide and each app reads the other\u2019s writes', async () => {
      const [a, b] = twoApps();
      const ta = a.newTenant('Flota A');

      const results = await Promise.all([
        a.request.post('/v1/vehicles').set(ta.auth).send(validBody({ plate: 'ONE111' })),
        b.request.post('/v1/vehicles').set(ta.auth).send(validBody({ plate: 'TWO222' })),
      ]);

      expect(results.map((r) => r.status)).toEqual([201, 201]);
      expect(results[0].body.id).not.toBe(results[1].body.id);
      const listed = await b.request.get('/v1/vehicles').set(ta.auth);
      expect(listed.body.data.map((v: { plate: string }) => v.plate).sort()).toEqual(['ONE111', 'TWO222']);
    });
  });
});

describe('GET /v1/vehicles: order, filters and isolation', () => {
  it('when vehicles are created at different simulated times, then the list is newest first', async () => {
    // Arrange
    const { post, deps, request, owner } = setup();
    const plates = ['AAA001', 'AAA002', 'AAA003'];
    for (const plate of plates) {
      expect((await post(validBody({ plate }))).status).toBe(201);
      deps.clocks.service.advance(60_000);
    }

    // Act
    const res = await request.get('/v1/vehicles').set(owner.auth);

    // Assert
    expect(res.status).toBe(200);
    expect(res.body.data.map((v: { plate: string }) => v.plate)).toEqual(['AAA003', 'AAA002', 'AAA001']);
    expect(res.body.hasMore).toBe(false);
  });

  it('when several vehicles share createdAt (frozen clock), then ties are ordered by id, descending', async () => {
    const { post, request, owner } = setup();
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push((await post(validBody({ plate: `TIE00${i}` }))).body.id);

    const res = await request.get('/v1/vehicles').set(owner.auth);

    const listed = res.body.data.map((v: { id: string }) => v.id);
    expect(new Set(res.body.data.map((v: { createdAt: string }) => v.createdAt)).size).toBe(1);
    expect(listed).toEqual([...ids].sort().reverse());
  });

  it.each([
    ['the exact plate', 'ABC-123'],
    ['lower case', 'abc-123'],
    ['no hyphen', 'ABC123'],
    ['a space', 'abc 123'],
  ])('when filtering by plate written with %s, then only that vehicle is returned', async (_label, query) => {
    // Arrange
    const { post, request, owner } = setup();
    await post(validBody({ plate: 'ABC-123' }));
    await post(validBody({ plate: 'ABC-124' }));

    // Act
    const res = await request.get('/v1/vehicles').query({ plate: query }).set(owner.auth);

    // Assert
    expect(res.status).toBe(200);
    expect(res.body.data.map((v: { plate: string }) => v.plate)).toEqual(['ABC-123']);
  });

  it('when filtering by a plate of another tenant, then the page is empty', async () => {
    const { post, request, newTenant } = setup();
    await post(validBody({ plate: 'ABC-123' }));
    const other = newTenant('Flota Dos');

    const res = await request.get('/v1/vehicles').query({ plate: 'ABC123' }).set(other.auth);

    expect(res.body).toEqual({ data: [], hasMore: false });
  });

  it.each(['activo', 'mantenimiento', 'inactivo', 'pending_platform_a'])(
    'when filtering by status %s, then only vehicles in that status are returned',
    async (status) => {
      // Arrange
      const { post, request, owner, deps } = setup();
      const byStatus: Record<string, string> = {};
      for (const [i, s] of ['activo', 'mantenimiento', 'inactivo', 'pending_platform_a'].entries()) {
        const id = (await post(validBody({ plate: `STS00${i}` }))).body.id;
        deps.db.prepare('UPDATE vehicles SET status = ? WHERE id = ?').run(s, id);
        byStatus[s] = id;
      }

      // Act
      const res = await request.get('/v1/vehicles').query({ status }).set(owner.auth);

      // Assert
      expect(res.status).toBe(200);
      expect(res.body.data.map((v: { id: string }) => v.id)).toEqual([byStatus[status]]);
      expect(res.body.data[0].status).toBe(status);
    },
  );

  it.each([
    ['an unknown status', { status: 'vendido' }],
    ['an upper-case status', { status: 'ACTIVO' }],
    ['a plate longer than 20 chars', { plate: 'P'.repeat(21) }],
  ])('when filtering by %s, then answers 400 VALIDATION', async (_label, query) => {
    const { request, owner } = setup();

    const res = await request.get('/v1/vehicles').query(query).set(owner.auth);

    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
  });

  it('when filtering by plate and status together, then both apply', async () => {
    const { post, request, owner, deps } = setup();
    const id = (await post(validBody({ plate: 'MIX-001' }))).body.id;
    deps.db.prepare("UPDATE vehicles SET status = 'inactivo' WHERE id = ?").run(id);

    const match = await request.get('/v1/vehicles').query({ plate: 'mix001', status: 'inactivo' }).set(owner.auth);
    const miss = await request.get('/v1/vehicles').query({ plate: 'mix001', status: 'activo' }).set(owner.auth);

    expect(match.body.data.map((v: { id: string }) => v.id)).toEqual([id]);
    expect(miss.body.data).toEqual([]);
  });

  it('when two tenants have vehicles, then each list shows only its own', async () => {
    // Arrange
    const { post, request, owner, newTenant } = setup();
    const other = newTenant('Flota Dos');
    await post(validBody({ plate: 'OWN001' }), owner.auth);
    await post(validBody({ plate: 'OWN002' }), owner.auth);
    await post(validBody({ plate: 'OTH001' }), other.auth);

    // Act
    const mine = await request.get('/v1/vehicles').set(owner.auth);
    const theirs = await request.get('/v1/vehicles').set(other.auth);

    // Assert
    expect(mine.body.data.map((v: { plate: string }) => v.plate).sort()).toEqual(['OWN001', 'OWN002']);
    expect(theirs.body.data.map((v: { plate: string }) => v.plate)).toEqual(['OTH001']);
  });
});
