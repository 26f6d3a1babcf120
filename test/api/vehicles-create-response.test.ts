import { describe, expect, it } from 'vitest';
import { TEST_CLOCK_START, UUID_V4 } from '../support/app.ts';
import { VALID_VIN, validBody, vehiclesApp } from '../support/vehicles.ts';

describe('POST /v1/vehicles: response', () => {
  it('when a vehicle is created, then the response carries every field of the spec Vehicle with two registrations both none', async () => {
    // Arrange
    const { post } = vehiclesApp();

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
    const { post } = vehiclesApp();

    const res = await post(validBody());

    expect(res.status).toBe(201);
    expect(res.body.city).toBeNull();
    expect(res.body.vin).toBeNull();
    expect(res.body).toHaveProperty('assignedDriverId', null);
  });

  it('when a city is not in the catalog, then it is kept as sent', async () => {
    const { post } = vehiclesApp();

    const res = await post(validBody({ city: 'Pueblo Nuevo' }));

    expect(res.status).toBe(201);
    expect(res.body.city).toBe('Pueblo Nuevo');
  });

  it('when the simulated clock has moved, then createdAt and updatedAt follow the simulated clock, not real time', async () => {
    // Arrange
    const { post, deps } = vehiclesApp();
    deps.clocks.service.advance(90 * 60_000);

    // Act
    const res = await post(validBody());

    // Assert
    expect(res.body.createdAt).toBe('2026-03-02T16:30:00.000Z');
    expect(res.body.updatedAt).toBe(res.body.createdAt);
  });

  it('when the created vehicle is read back, then GET returns the same representation', async () => {
    const { post, request, owner } = vehiclesApp();
    const created = await post(validBody({ city: 'Monterrey', vin: VALID_VIN }));

    const read = await request.get(`/v1/vehicles/${created.body.id}`).set(owner.auth);

    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);
  });

  it('when the body has unknown fields, then they are ignored', async () => {
    const { post } = vehiclesApp();

    const res = await post(validBody({ owner: 'someone', status: 'inactivo' }));

    expect(res.status).toBe(201);
    expect(res.body).not.toHaveProperty('owner');
    expect(res.body.status).toBe('activo');
  });
});
