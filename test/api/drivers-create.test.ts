import { describe, expect, it } from 'vitest';
import { driverHelpers, useFleetApp, type FleetApp } from '../support/fleet-app.ts';

let t: FleetApp['t'];
let fleet: FleetApp['fleet'];
const { driverBody, postDriver, createDriver, createVehicle } = driverHelpers(useFleetApp((app) => void ({ t, fleet } = app)));

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

  it('when email and license are null, then they are taken as left out, as a vehicle\'s null city and vin are', async () => {
    const res = await postDriver(driverBody({ email: null, license: null }));

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email: null, license: null });
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

  it.each([
    [5, 'email debe ser texto'], [['ana@example.com'], 'email debe ser texto'],
    ['ana', 'email debe ser un correo electrónico válido'],
  ])('when email is %j, then the message says what is wrong with it: its type, or its address', async (email, message) => {
    const res = await postDriver(driverBody({ email }));

    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ field: 'email', message }]);
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
