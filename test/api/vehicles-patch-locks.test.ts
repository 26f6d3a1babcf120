import { describe, expect, it } from 'vitest';
import { VALID_VIN, withVehicle } from '../support/vehicles.ts';

const VIN_B = '2FTRX18W1XCA01234';

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
    const { patch } = await withVehicle({ vin: VALID_VIN });

    const res = await patch({ vin: VALID_VIN });

    expect(res.status).toBe(200);
    expect(res.body.vin).toBe(VALID_VIN);
  });
});

describe('PATCH /v1/vehicles/{id}: VIN lock on platform_b', () => {
  it.each([[VIN_B], [null]])('when the vehicle is registered on platform_b and the VIN is set to %s, then 409 CONFLICT naming vin and nothing of the call is saved', async (vin) => {
    const { patch, row, setRegistration } = await withVehicle({ vin: VALID_VIN });
    setRegistration('platform_b', 'registered');
    const before = row();

    const res = await patch({ vin, notes: 'no debe guardarse' });

    expect([res.status, res.body.error.code, res.body.error.details]).toEqual([409, 'CONFLICT', [{ field: 'vin', message: 'VIN bloqueado por platform_b' }]]);
    expect(res.body.error.message).toContain('platform_b');
    expect(row()).toEqual(before);
  });

  it.each([
    ['registered on platform_b, the same VIN sent again', 'registered', VALID_VIN],
    ['removed from platform_b', 'removed', VIN_B],
    ['not on platform_b', 'none', null],
  ] as const)('when the vehicle is %s, then the VIN patch is saved', async (_case, status, vin) => {
    const { patch, setRegistration } = await withVehicle({ vin: VALID_VIN });
    setRegistration('platform_b', status);

    const res = await patch({ vin });

    expect([res.status, res.body.vin]).toEqual([200, vin]);
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
