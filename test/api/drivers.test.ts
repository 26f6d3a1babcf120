import { beforeEach, describe, expect, it } from 'vitest';
import { makeTestApp } from '../support/app.ts';
import { itRequiresKeyAndScope, type ScopedEndpoint } from '../support/key-and-scope.ts';

let t: ReturnType<typeof makeTestApp>;
let fleet: ReturnType<typeof t.newTenant>;
let seq = 0;
const phone = () => `55${String(++seq).padStart(8, '0')}`;
const driverBody = (over: Record<string, unknown> = {}) => ({ name: 'Ana López', whatsapp: phone(), city: 'Guadalajara', ...over });

const postDriver = (body: object, auth = fleet.auth) => t.request.post('/v1/drivers').set(auth).send(body);
const patchDriver = (id: string, body: object, auth = fleet.auth) => t.request.patch(`/v1/drivers/${id}`).set(auth).send(body);
const createDriver = async (over: Record<string, unknown> = {}, auth = fleet.auth) => {
  const res = await postDriver(driverBody(over), auth);
  expect(res.status).toBe(201);
  return res.body;
};
const createVehicle = async (auth = fleet.auth) => {
  const plate = `DRV${String(++seq).padStart(4, '0')}`;
  const res = await t.request.post('/v1/vehicles').set(auth).send({ plate, brand: 'Nissan', model: 'Versa', year: 2022, color: 'Blanco' });
  expect(res.status).toBe(201);
  return res.body;
};
const acceptOnPlatformA = (driverId: string) =>
  t.deps.db
    .prepare(`UPDATE driver_invitations SET status = 'bound', review_status = 'approved', invited_at = ?, accepted_at = ? WHERE driver_id = ? AND platform = 'platform_a'`)
    .run('2026-03-01T00:00:00.000Z', '2026-03-01T01:00:00.000Z', driverId);

beforeEach(() => {
  t = makeTestApp();
  fleet = t.newTenant('Flota Uno');
});

describe('POST /v1/drivers', () => {
  it('when the body is valid, then it answers 201 with the full driver and two invitations in state none', async () => {
    const res = await postDriver({ name: '  Ana López ', whatsapp: '+5215512345678', city: 'cdmx', email: 'ana@example.com', license: 'LIC-1' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Ana López',
      whatsapp: '+525512345678',
      email: 'ana@example.com',
      city: 'Ciudad de México',
      license: 'LIC-1',
      platforms: [],
      assignedVehicleId: null,
      invitations: ['platform_a', 'platform_b'].map((platform) => ({ platform, status: 'none', reviewStatus: null, invitedAt: null, acceptedAt: null })),
      createdAt: '2026-03-02T15:00:00.000Z',
      updatedAt: '2026-03-02T15:00:00.000Z',
    });
    const stored = await t.request.get(`/v1/drivers/${res.body.id}`).set(fleet.auth);
    expect(stored.body).toEqual(res.body);
  });

  it('when email and license are left out and the city is not in the catalog, then they are null and the city is kept', async () => {
    const body = await createDriver({ city: 'Springfield' });
    expect(body).toMatchObject({ email: null, license: null, city: 'Springfield' });
  });

  it.each([
    ['name', 'ab', 201], ['name', 'a', 400], ['name', 'x'.repeat(200), 201], ['name', 'x'.repeat(201), 400], ['name', '   a   ', 400],
    ['city', 'Ab', 201], ['city', 'A', 400], ['city', 'c'.repeat(80), 201], ['city', 'c'.repeat(81), 400],
    ['license', 'L'.repeat(40), 201], ['license', 'L'.repeat(41), 400],
    ['email', 'ana@example.com', 201], ['email', 'ana.lopez+flota@sub.example.mx', 201],
    ['email', 'ana', 400], ['email', 'ana@', 400], ['email', '@example.com', 400], ['email', 'ana@example', 400], ['email', 'ana @example.com', 400],
    ['vehicleId', 'not-a-uuid', 400], ['name', 42, 400], ['city', null, 400],
  ])('when %s is %j, then it answers %i', async (field, value, status) => {
    const res = await postDriver(driverBody({ [field]: value }));
    expect(res.status).toBe(status);
    if (status === 400) expect(res.body.error).toMatchObject({ code: 'VALIDATION', details: [expect.objectContaining({ field })] });
  });

  it.each(['name', 'whatsapp', 'city'])('when the required %s is missing, then it answers 400 VALIDATION naming it', async (field) => {
    const body: Record<string, unknown> = driverBody();
    delete body[field];
    const res = await postDriver(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION', details: [{ field, message: expect.any(String) }] });
  });

  it.each([
    ['5512345678', '+525512345678'], ['+525512345678', '+525512345678'], ['+5215512345678', '+525512345678'],
    ['+15551234567', '+15551234567'],
  ])(
    'when whatsapp is written %j, then it is accepted, stored and returned in its canonical form %j',
    async (whatsapp, canonical) => {
      const res = await postDriver(driverBody({ whatsapp }));
      expect(res.status).toBe(201);
      expect(res.body.whatsapp).toBe(canonical);
      expect(t.deps.db.prepare('SELECT whatsapp FROM drivers WHERE id = ?').pluck().get(res.body.id)).toBe(canonical);
    },
  );

  it.each(['551234567', '55123456789', '525512345678', '+55512345678', '+5255123456789', '+1555123456', '55 1234 5678', '55-1234-5678', '', 'whatsapp'])(
    'when whatsapp is %j, then it answers 400 INVALID_PHONE naming the field',
    async (whatsapp) => {
      const res = await postDriver(driverBody({ whatsapp }));
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'INVALID_PHONE', details: [{ field: 'whatsapp', message: expect.any(String) }] });
    },
  );

  it('when the phone and another field are both wrong, then it answers VALIDATION listing both', async () => {
    const res = await postDriver(driverBody({ whatsapp: '123', name: 'a' }));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
    expect(res.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(['name', 'whatsapp']);
  });

  it.each(['5512340000', '+525512340000', '+5215512340000'])(
    'when another tenant already has 5512340000 and it is sent as %j, then it answers 409 CONFLICT naming whatsapp',
    async (whatsapp) => {
      const other = t.newTenant('Flota Dos');
      await createDriver({ whatsapp: '+5215512340000' }, other.auth);
      const first = await postDriver(driverBody({ whatsapp: '5512340000' }));
      expect(first.status).toBe(409);
      const res = await postDriver(driverBody({ whatsapp }));
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({ code: 'CONFLICT', message: 'Ya existe un conductor con el WhatsApp +525512340000.', details: [expect.objectContaining({ field: 'whatsapp' })] });
    },
  );

  it('when a +1 number has the same ten digits as an existing Mexican one, then it is another number', async () => {
    await createDriver({ whatsapp: '5512340000' });
    await createDriver({ whatsapp: '+15512340000' });
  });

  it('when vehicleId names a vehicle of the tenant, then the driver is created with an active assignment to it', async () => {
    const vehicle = await createVehicle();
    const driver = await createDriver({ vehicleId: vehicle.id.toUpperCase() });
    expect(driver.assignedVehicleId).toBe(vehicle.id);
    const list = await t.request.get(`/v1/assignments?driverId=${driver.id}`).set(fleet.auth);
    expect(list.body.data).toEqual([expect.objectContaining({ vehicleId: vehicle.id, driverId: driver.id, status: 'active', platformSync: 'awaiting' })]);
    expect((await t.request.get(`/v1/vehicles/${vehicle.id}`).set(fleet.auth)).body.assignedDriverId).toBe(driver.id);
  });

  it('when the vehicle already has a driver, then the new driver takes it and the old assignment ends', async () => {
    const vehicle = await createVehicle();
    const first = await createDriver({ vehicleId: vehicle.id });
    await createDriver({ vehicleId: vehicle.id });
    expect((await t.request.get(`/v1/drivers/${first.id}`).set(fleet.auth)).body.assignedVehicleId).toBeNull();
  });

  it.each([['of another tenant', true], ['that does not exist', false]])(
    'when vehicleId names a vehicle %s, then it answers 404 and no driver is created',
    async (_label, otherTenant) => {
      const vehicleId = otherTenant ? (await createVehicle(t.newTenant('Flota Dos').auth)).id : '00000000-0000-4000-8000-000000000000';
      const res = await postDriver(driverBody({ whatsapp: '5599990000', vehicleId }));
      expect(res.status).toBe(404);
      expect(res.body.error).toMatchObject({ code: 'NOT_FOUND', details: [expect.objectContaining({ field: 'vehicleId' })] });
      expect((await t.request.get('/v1/drivers').set(fleet.auth)).body.data).toEqual([]);
      expect(t.deps.db.prepare('SELECT COUNT(*) AS n FROM driver_invitations').get()).toEqual({ n: 0 });
      await createDriver({ whatsapp: '5599990000' });
    },
  );
});

describe('GET /v1/drivers/{id}', () => {
  it.each([['not-a-uuid'], ['00000000-0000-4000-8000-000000000000']])('when the id is %s, then it answers 404 NOT_FOUND', async (id) => {
    const res = await t.request.get(`/v1/drivers/${id}`).set(fleet.auth);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });

  it('when the driver was bound on platform_a, then platforms lists it and the invitation shows the stored state', async () => {
    const driver = await createDriver();
    acceptOnPlatformA(driver.id);
    const res = await t.request.get(`/v1/drivers/${driver.id}`).set(fleet.auth);
    expect(res.body.platforms).toEqual(['platform_a']);
    expect(res.body.invitations[0]).toEqual({ platform: 'platform_a', status: 'bound', reviewStatus: 'approved', invitedAt: '2026-03-01T00:00:00.000Z', acceptedAt: '2026-03-01T01:00:00.000Z' });
  });
});

describe('PATCH /v1/drivers/{id}', () => {
  it('when fields are changed, then they are saved, nullable ones can be cleared and unknown fields are ignored', async () => {
    const driver = await createDriver({ email: 'ana@example.com', license: 'LIC-1' });
    t.deps.clocks.service.advance(60_000);
    const res = await patchDriver(driver.id, { name: ' Ana María ', city: 'queretaro', email: null, license: null, id: 'x', platforms: ['platform_b'] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: driver.id, name: 'Ana María', city: 'Querétaro', email: null, license: null, platforms: [], createdAt: driver.createdAt, updatedAt: '2026-03-02T15:01:00.000Z' });
    expect((await t.request.get(`/v1/drivers/${driver.id}`).set(fleet.auth)).body).toEqual(res.body);
  });

  it.each([
    [{ name: 'a' }, 'VALIDATION'], [{ name: 'x'.repeat(201) }, 'VALIDATION'], [{ city: 'c'.repeat(81) }, 'VALIDATION'],
    [{ license: 'L'.repeat(41) }, 'VALIDATION'], [{ email: 'nope' }, 'VALIDATION'], [{ name: null }, 'VALIDATION'],
    [{ whatsapp: '12345' }, 'INVALID_PHONE'], [{ whatsapp: null }, 'VALIDATION'],
  ])('when the patch is %j, then it answers 400 %s', async (body, code) => {
    const driver = await createDriver();
    const res = await patchDriver(driver.id, body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(code);
  });

  it.each([['x'.repeat(200)], ['ab']])('when the name has a boundary length (%#), then it is saved', async (name) => {
    const driver = await createDriver();
    expect((await patchDriver(driver.id, { name })).body.name).toBe(name);
  });

  it('when whatsapp becomes a number another tenant uses in another form, then it answers 409 naming whatsapp', async () => {
    await createDriver({ whatsapp: '+5215512349999' }, t.newTenant('Flota Dos').auth);
    const driver = await createDriver();
    const res = await patchDriver(driver.id, { whatsapp: '5512349999' });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/whatsapp/i) });
  });

  it('when the driver accepted the platform_a invitation and whatsapp changes, then it answers 409 and nothing is saved', async () => {
    const driver = await createDriver({ whatsapp: '5512341111' });
    acceptOnPlatformA(driver.id);
    const res = await patchDriver(driver.id, { whatsapp: '5512342222', name: 'Otro Nombre' });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'CONFLICT', details: [expect.objectContaining({ field: 'whatsapp' })] });
    expect((await t.request.get(`/v1/drivers/${driver.id}`).set(fleet.auth)).body).toMatchObject({ whatsapp: '+525512341111', name: driver.name });
  });

  it.each(['5512341111', '+525512341111', '+5215512341111'])(
    'when the driver accepted and whatsapp is sent again as %j (the same number), then 200 and the stored number does not change',
    async (whatsapp) => {
      const driver = await createDriver({ whatsapp: '+525512341111' });
      acceptOnPlatformA(driver.id);
      const res = await patchDriver(driver.id, { whatsapp });
      expect(res.status).toBe(200);
      expect(res.body.whatsapp).toBe('+525512341111');
      expect(t.deps.db.prepare('SELECT whatsapp FROM drivers WHERE id = ?').pluck().get(driver.id)).toBe('+525512341111');
    },
  );

  it('when the driver was only invited (not accepted), then whatsapp can still change', async () => {
    const driver = await createDriver();
    t.deps.db.prepare(`UPDATE driver_invitations SET status = 'invited', invited_at = ? WHERE driver_id = ? AND platform = 'platform_a'`).run('2026-03-01T00:00:00.000Z', driver.id);
    expect((await patchDriver(driver.id, { whatsapp: '+15550001111' })).status).toBe(200);
  });

  it('when the driver belongs to another tenant, then it answers 404 and the driver is unchanged', async () => {
    const other = t.newTenant('Flota Dos');
    const theirs = await createDriver({}, other.auth);
    expect((await patchDriver(theirs.id, { name: 'Intruso' })).status).toBe(404);
    expect((await t.request.get(`/v1/drivers/${theirs.id}`).set(other.auth)).body.name).toBe(theirs.name);
  });
});

describe('GET /v1/drivers', () => {
  it('when listed, then drivers come newest first and another tenant\'s never appear', async () => {
    await createDriver({}, t.newTenant('Flota Dos').auth);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++, t.deps.clocks.service.advance(1000)) ids.push((await createDriver()).id);
    const res = await t.request.get('/v1/drivers').set(fleet.auth);
    expect(res.body).toEqual({ data: ids.reverse().map((id) => expect.objectContaining({ id })), hasMore: false });
  });

  it('when drivers share createdAt, then ties are ordered by id descending and pages walk them all once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await createDriver()).id);
    const seen: string[] = [];
    let cursor = '';
    for (let page = 0; page < 5; page++) {
      const res = await t.request.get(`/v1/drivers?limit=2${cursor}`).set(fleet.auth);
      seen.push(...res.body.data.map((d: { id: string }) => d.id));
      if (!res.body.hasMore) break;
      cursor = `&startingAfter=${seen.at(-1)}`;
    }
    expect(seen).toEqual([...ids].sort().reverse());
  });

  it('when no limit is given, then pages hold 25 drivers', async () => {
    for (let i = 0; i < 26; i++) await createDriver();
    const res = await t.request.get('/v1/drivers').set(fleet.auth);
    expect(res.body.data).toHaveLength(25);
    expect(res.body.hasMore).toBe(true);
  });

  it.each([['1', 200], ['100', 200], ['0', 400], ['101', 400], ['abc', 400], ['2.5', 400], ['-1', 400]])(
    'when limit is %s, then it answers %i',
    async (limit, status) => {
      expect((await t.request.get(`/v1/drivers?limit=${limit}`).set(fleet.auth)).status).toBe(status);
    },
  );

  it.each([['unknown', '00000000-0000-4000-8000-000000000000'], ['not a uuid', 'abc']])(
    'when startingAfter is %s, then it answers 400 VALIDATION',
    async (_label, cursor) => {
      const res = await t.request.get(`/v1/drivers?startingAfter=${cursor}`).set(fleet.auth);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
    },
  );

  it('when startingAfter is another tenant\'s driver, then it answers 400 as an unknown cursor', async () => {
    const theirs = await createDriver({}, t.newTenant('Flota Dos').auth);
    expect((await t.request.get(`/v1/drivers?startingAfter=${theirs.id}`).set(fleet.auth)).status).toBe(400);
  });

  it.each(['5512347777', '%2B525512347777', '%2B5215512347777', '+5215512347777'])(
    'when filtering by whatsapp written %s, then the one driver with that number is found',
    async (query) => {
      await createDriver();
      const driver = await createDriver({ whatsapp: '+525512347777' });
      const res = await t.request.get(`/v1/drivers?whatsapp=${query}`).set(fleet.auth);
      expect(res.body.data.map((d: { id: string }) => d.id)).toEqual([driver.id]);
    },
  );

  it('when filtering by a number of another tenant\'s driver, then the list is empty', async () => {
    await createDriver({ whatsapp: '5512348888' }, t.newTenant('Flota Dos').auth);
    expect((await t.request.get('/v1/drivers?whatsapp=5512348888').set(fleet.auth)).body).toEqual({ data: [], hasMore: false });
  });

  it('when the whatsapp filter is outside the pattern, then it answers 400 INVALID_PHONE', async () => {
    const res = await t.request.get('/v1/drivers?whatsapp=12345').set(fleet.auth);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'INVALID_PHONE', details: [expect.objectContaining({ field: 'whatsapp' })] });
  });
});

describe('authentication, scopes and errors', () => {
  const ID = '00000000-0000-4000-8000-000000000000';
  const endpoints = [
    ['get', '/v1/drivers', 'drivers:read'],
    ['post', '/v1/drivers', 'drivers:write'],
    ['get', `/v1/drivers/${ID}`, 'drivers:read'],
    ['patch', `/v1/drivers/${ID}`, 'drivers:write'],
  ] as const satisfies readonly ScopedEndpoint[];

  itRequiresKeyAndScope(() => t, endpoints, driverBody);

  it('when a driver of another tenant is read, then it answers 404 in the error envelope', async () => {
    const theirs = await createDriver({}, t.newTenant('Flota Dos').auth);
    const res = await t.request.get(`/v1/drivers/${theirs.id}`).set(fleet.auth);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'NOT_FOUND', message: 'El conductor no existe.', details: null, requestId: expect.stringMatching(/^req_/) } });
  });
});
