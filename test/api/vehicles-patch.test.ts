import { describe, expect, it } from 'vitest';
import { makeTestApp, TEST_CLOCK_START } from '../support/app.ts';

type Body = Record<string, unknown>;

const VIN_A = '1HGCM82633A004352';
const VIN_B = '2FTRX18W1XCA01234';

/** An app whose tenant owns one vehicle (Blanco, no city, no VIN) plus helpers to patch and read the row. */
async function withVehicle(extra: Body = {}) {
  const t = makeTestApp();
  const owner = t.newTenant('Flota Uno');
  const created = await t.request
    .post('/v1/vehicles')
    .set(owner.auth)
    .send({ plate: 'PAT-001', brand: 'Toyota', model: 'Yaris', year: 2020, color: 'Blanco', ...extra });
  expect(created.status).toBe(201);
  const id: string = created.body.id;
  const patch = (body: Body, auth = owner.auth, vehicleId = id) =>
    t.request.patch(`/v1/vehicles/${vehicleId}`).set(auth).send(body);
  const row = (vehicleId = id) => t.deps.db.prepare('SELECT * FROM vehicles WHERE id = ?').get(vehicleId) as Record<string, unknown>;
  const setRegistration = (platform: string, status: string) =>
    t.deps.db.prepare('UPDATE vehicle_registrations SET status = ? WHERE vehicle_id = ? AND platform = ?').run(status, id, platform);
  return { ...t, owner, id, created: created.body, patch, row, setRegistration };
}

describe('GET /v1/vehicles/{id}', () => {
  it('when the id belongs to another tenant, then answers 404 NOT_FOUND without leaking the vehicle', async () => {
    // Arrange
    const { request, id, newTenant } = await withVehicle();
    const other = newTenant('Flota Ajena');

    // Act
    const res = await request.get(`/v1/vehicles/${id}`).set(other.auth);

    // Assert
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
    expect(JSON.stringify(res.body)).not.toContain('PAT-001');
  });

  it.each(['abc', '123', 'not-a-uuid-at-all', '3f2a1b4c-5d6e-4f70-8a9b-0c1d2e3f4a5bX', '3f2a1b4c5d6e4f708a9b0c1d2e3f4a5b'])(
    'when the id is the non-UUID %j, then answers 404 NOT_FOUND',
    async (badId) => {
      const { request, owner } = await withVehicle();

      const res = await request.get(`/v1/vehicles/${badId}`).set(owner.auth);

      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    },
  );

  it('when the id is an unknown UUID, then answers 404 NOT_FOUND', async () => {
    const { request, owner } = await withVehicle();

    const res = await request.get('/v1/vehicles/3f2a1b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b').set(owner.auth);

    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });

  it('when the id is written in upper case, then the vehicle is found', async () => {
    const { request, owner, id } = await withVehicle();

    const res = await request.get(`/v1/vehicles/${id.toUpperCase()}`).set(owner.auth);

    expect(res.status).toBe(200);
    expect(res.body.id).toBe(id);
  });
});

describe('PATCH /v1/vehicles/{id}: addressing', () => {
  it('when the id belongs to another tenant, then answers 404 and nothing is saved', async () => {
    // Arrange
    const { patch, newTenant, row } = await withVehicle();
    const other = newTenant('Flota Ajena');
    const before = row();

    // Act
    const res = await patch({ notes: 'intruso', status: 'inactivo' }, other.auth);

    // Assert
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
    expect(row()).toEqual(before);
  });

  it('when the id is not a UUID, then answers 404 NOT_FOUND', async () => {
    const { patch, owner } = await withVehicle();

    const res = await patch({ notes: 'x' }, owner.auth, 'nope');

    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });
});

describe('PATCH /v1/vehicles/{id}: fields', () => {
  it.each([
    ['a catalog city by alias', { city: 'gdl' }, { city: 'Guadalajara' }],
    ['a city of 2 chars', { city: 'Xa' }, { city: 'Xa' }],
    ['a city of 80 chars', { city: 'C'.repeat(80) }, { city: 'C'.repeat(80) }],
    ['a colour by name', { color: 'negra' }, { color: 'Negro', colorId: 2 }],
    ['a colour by id', { colorId: 6 }, { color: 'Rojo', colorId: 6 }],
    ['a generic colour with the dark id', { color: 'azul', colorId: 8 }, { color: 'Azul oscuro', colorId: 8 }],
    ['a vin', { vin: VIN_A }, { vin: VIN_A }],
    ['status mantenimiento', { status: 'mantenimiento' }, { status: 'mantenimiento' }],
    ['status inactivo', { status: 'inactivo' }, { status: 'inactivo' }],
    ['notes of 2000 chars', { notes: 'n'.repeat(2000) }, { notes: 'n'.repeat(2000) }],
  ])('when the body sets %s, then answers 200 with the change and it is persisted', async (_label, body, expected) => {
    // Arrange
    const { patch, request, owner, id } = await withVehicle();

    // Act
    const res = await patch(body);
    const reread = await request.get(`/v1/vehicles/${id}`).set(owner.auth);

    // Assert
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject(expected);
    expect(reread.body).toMatchObject(expected);
  });

  it('when status goes back to activo, then it is saved', async () => {
    const { patch, row } = await withVehicle();
    await patch({ status: 'inactivo' });

    const res = await patch({ status: 'activo' });

    expect(res.body.status).toBe('activo');
    expect(row().status).toBe('activo');
  });

  it('when vin is null, then the stored VIN is cleared', async () => {
    const { patch, row } = await withVehicle({ vin: VIN_A });

    const res = await patch({ vin: null });

    expect(res.status).toBe(200);
    expect(res.body.vin).toBeNull();
    expect(row().vin).toBeNull();
  });

  it('when a field is left out, then it keeps its value', async () => {
    const { patch } = await withVehicle({ vin: VIN_A, city: 'Puebla' });

    const res = await patch({ notes: 'solo notas' });

    expect(res.body).toMatchObject({ vin: VIN_A, city: 'Puebla', color: 'Blanco', notes: 'solo notas', status: 'activo' });
  });

  it('when the clock has moved, then updatedAt follows the simulated clock and createdAt stays', async () => {
    const { patch, deps } = await withVehicle();
    deps.clocks.service.advance(3_600_000);

    const res = await patch({ notes: 'más tarde' });

    expect(res.body.createdAt).toBe(TEST_CLOCK_START);
    expect(res.body.updatedAt).toBe('2026-03-02T16:00:00.000Z');
  });

  it.each([
    ['notes of 2001 chars', { notes: 'n'.repeat(2001) }, 'notes'],
    ['a city of 1 char', { city: 'X', notes: 'x' }, 'city'],
    ['a city of 81 chars', { city: 'C'.repeat(81), notes: 'x' }, 'city'],
    ['an invalid vin', { vin: VIN_A.toLowerCase(), notes: 'x' }, 'vin'],
    ['status pending_platform_a', { status: 'pending_platform_a', notes: 'x' }, 'status'],
    ['an unknown status', { status: 'vendido', notes: 'x' }, 'status'],
    ['a colour outside the catalog', { color: 'Fucsia', notes: 'x' }, 'color'],
    ['a colour of 41 chars', { color: 'c'.repeat(41), notes: 'x' }, 'color'],
    ['colour and id that disagree', { color: 'Rojo', colorId: 2, notes: 'x' }, 'color'],
    ['plate', { plate: 'NEW-999', notes: 'x' }, 'plate'],
    ['brand', { brand: 'Ford', notes: 'x' }, 'brand'],
    ['model', { model: 'Fiesta', notes: 'x' }, 'model'],
    ['year', { year: 2024, notes: 'x' }, 'year'],
    ['plate equal to the current one', { plate: 'PAT-001' }, 'plate'],
  ])('when the body has %s, then answers 400 VALIDATION on that field and nothing is saved', async (_label, body, field) => {
    // Arrange
    const { patch, row } = await withVehicle();
    const before = row();

    // Act
    const res = await patch(body);

    // Assert
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
    expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    expect(row()).toEqual(before);
  });
});

describe('PATCH /v1/vehicles/{id}: VIN uniqueness', () => {
  it('when the VIN belongs to a vehicle of another tenant, then answers 409 CONFLICT naming the VIN and nothing is saved', async () => {
    // Arrange
    const { patch, row, request, newTenant } = await withVehicle();
    const other = newTenant('Flota Dos');
    const foreign = await request
      .post('/v1/vehicles')
      .set(other.auth)
      .send({ plate: 'OTR-001', brand: 'Kia', model: 'Rio', year: 2021, color: 'Rojo', vin: VIN_B });
    expect(foreign.status).toBe(201);
    const before = row();

    // Act
    const res = await patch({ vin: VIN_B, notes: 'no debe guardarse' });

    // Assert
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('CONFLICT');
    expect(res.body.error.message).toMatch(/VIN/);
    expect(res.body.error.details).toEqual([expect.objectContaining({ field: 'vin' })]);
    expect(row()).toEqual(before);
  });

  it('when the vehicle sends its own VIN again, then it is not a conflict', async () => {
    const { patch } = await withVehicle({ vin: VIN_A });

    const res = await patch({ vin: VIN_A });

    expect(res.status).toBe(200);
    expect(res.body.vin).toBe(VIN_A);
  });
});

describe('PATCH /v1/vehicles/{id}: colour lock on platform_a', () => {
  it.each(['pending', 'approved'])(
    'when the platform_a registration is %s and a different colour is sent, then 409 VEHICLE_COLOR_LOCKED and nothing of the call is saved',
    async (status) => {
      // Arrange
      const { patch, row, setRegistration } = await withVehicle();
      setRegistration('platform_a', status);
      const before = row();

      // Act
      const res = await patch({ color: 'Rojo', notes: 'no debe guardarse', city: 'Monterrey', status: 'inactivo' });

      // Assert
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('VEHICLE_COLOR_LOCKED');
      expect(res.body.error.message).toEqual(expect.any(String));
      expect(row()).toEqual(before);
      expect(row().notes).toBeNull();
    },
  );

  it('when locked and a different colorId is sent, then 409 VEHICLE_COLOR_LOCKED', async () => {
    const { patch, row, setRegistration } = await withVehicle();
    setRegistration('platform_a', 'pending');

    const res = await patch({ colorId: 2 });

    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('VEHICLE_COLOR_LOCKED');
    expect(row().color_id).toBe(1);
  });

  it.each([
    ['the canonical name', { color: 'Blanco' }],
    ['a synonym', { color: 'white' }],
    ['the id', { colorId: 1 }],
    ['name and id', { color: 'blanca', colorId: 1 }],
  ])('when locked and the same colour is sent as %s, then 200 and the other fields are saved', async (_label, colour) => {
    // Arrange
    const { patch, row, setRegistration } = await withVehicle();
    setRegistration('platform_a', 'approved');

    // Act
    const res = await patch({ ...colour, notes: 'mismo color' });

    // Assert
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ color: 'Blanco', colorId: 1, notes: 'mismo color' });
    expect(row().notes).toBe('mismo color');
  });

  it.each([
    ['platform_a is none', 'platform_a', 'none'],
    ['only platform_b is registered', 'platform_b', 'registered'],
  ])('when %s, then the colour can change', async (_label, platform, status) => {
    const { patch, row, setRegistration } = await withVehicle();
    setRegistration(platform, status);

    const res = await patch({ color: 'Rojo' });

    expect(res.status).toBe(200);
    expect(res.body.color).toBe('Rojo');
    expect(row().color_id).toBe(6);
  });
});

describe('PATCH /v1/vehicles/{id}: status during a platform_a review', () => {
  it('when the vehicle is pending_platform_a and a status is sent, then it stays pending and the chosen status is kept for later', async () => {
    // Arrange
    const { patch, row, setRegistration, deps, id } = await withVehicle();
    setRegistration('platform_a', 'pending');
    deps.db.prepare("UPDATE vehicles SET status = 'pending_platform_a', status_before_pending = 'activo' WHERE id = ?").run(id);

    // Act
    const res = await patch({ status: 'mantenimiento' });

    // Assert
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('pending_platform_a');
    expect(row()).toMatchObject({ status: 'pending_platform_a', status_before_pending: 'mantenimiento' });
  });

  it('when the vehicle is pending_platform_a and only notes are sent, then the remembered status is untouched', async () => {
    const { patch, row, deps, id } = await withVehicle();
    deps.db.prepare("UPDATE vehicles SET status = 'pending_platform_a', status_before_pending = 'inactivo' WHERE id = ?").run(id);

    const res = await patch({ notes: 'revisión' });

    expect(res.body.status).toBe('pending_platform_a');
    expect(row()).toMatchObject({ status: 'pending_platform_a', status_before_pending: 'inactivo', notes: 'revisión' });
  });
});
