import { describe, expect, it } from 'vitest';
import { validBody, withVehicle } from '../support/vehicles.ts';

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

  it('when one vehicle has a driver and another none, then each answers as the list (its own read) shows it', async () => {
    const { request, owner, id } = await withVehicle({ platforms: ['platform_a', 'platform_b'] });
    const onlyB = await request.post('/v1/vehicles').set(owner.auth).send(validBody({ plate: 'PAT-002', platforms: ['platform_b'] }));
    const driver = await request.post('/v1/drivers').set(owner.auth).send({ name: 'Ana López', whatsapp: '+5215512345678', city: 'cdmx', vehicleId: onlyB.body.id });
    expect(driver.status).toBe(201);

    const list = await request.get('/v1/vehicles').set(owner.auth);
    const both = await request.get(`/v1/vehicles/${id}`).set(owner.auth);
    const assigned = await request.get(`/v1/vehicles/${onlyB.body.id}`).set(owner.auth);

    // Every vehicle has a registration row per platform, in the platforms' order.
    for (const v of [both, assigned]) expect(v.body.registrations.map((r: { platform: string }) => r.platform)).toEqual(['platform_a', 'platform_b']);
    expect(both.body.assignedDriverId).toBeNull();
    expect(assigned.body.assignedDriverId).toBe(driver.body.id);
    expect(list.body.data).toEqual(expect.arrayContaining([both.body, assigned.body]));
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
