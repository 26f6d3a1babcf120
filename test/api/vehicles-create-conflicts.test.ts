import { describe, expect, it } from 'vitest';
import { makeTestApp } from '../support/app.ts';
import { tempDatabaseFiles } from '../support/temp-db.ts';
import { VALID_VIN, validBody, vehiclesApp } from '../support/vehicles.ts';

describe('POST /v1/vehicles: uniqueness across tenants', () => {
  it.each([
    ['the same text', 'ABC-123', 'ABC-123'],
    ['lower case', 'ABC-123', 'abc-123'],
    ['without the hyphen', 'ABC-123', 'ABC123'],
    ['with a space instead of the hyphen', 'ABC-123', 'abc 123'],
    ['with a hyphen the first had not', 'XYZ987', 'xyz-987'],
  ])('when another tenant registers the plate written as %s, then answers 409 CONFLICT naming the stored plate, not the input', async (_label, first, second) => {
    // Arrange
    const { post, owner, count, newTenant } = vehiclesApp();
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
    const { post, owner, count, newTenant } = vehiclesApp();
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

  it.each([
    ['one vehicle', 'AAA111', 'AAA111'],
    ['two vehicles', 'AAA111', 'CCC333'],
  ])('when both the plate and the VIN are taken (by %s), then 409 names both, so one retry is enough', async (_label, vinHolderPlate, plateHolderPlate) => {
    const { post, owner, count, newTenant } = vehiclesApp();
    const other = newTenant('Flota Dos');
    expect((await post(validBody({ plate: vinHolderPlate, vin: VALID_VIN }), owner.auth)).status).toBe(201);
    if (plateHolderPlate !== vinHolderPlate) expect((await post(validBody({ plate: plateHolderPlate }), owner.auth)).status).toBe(201);

    const res = await post(validBody({ plate: plateHolderPlate.toLowerCase(), vin: VALID_VIN }), other.auth);

    const whom = plateHolderPlate === vinHolderPlate ? `con la placa ${plateHolderPlate} y el VIN ${VALID_VIN}` : `con la placa ${plateHolderPlate}, y otro con el VIN ${VALID_VIN}`;
    expect([res.status, res.body.error.code, res.body.error.message]).toEqual([409, 'CONFLICT', `Ya existe un vehículo ${whom}.`]);
    expect(res.body.error.details).toEqual([{ field: 'plate', message: expect.stringContaining(plateHolderPlate) }, { field: 'vin', message: 'VIN duplicado' }]);
    expect(count()).toBe(plateHolderPlate === vinHolderPlate ? 1 : 2);
  });

  it('when two vehicles have no VIN, then both are created (a missing VIN is not a duplicate)', async () => {
    const { post, count } = vehiclesApp();

    const a = await post(validBody({ plate: 'AAA111' }));
    const b = await post(validBody({ plate: 'BBB222' }));

    expect([a.status, b.status]).toEqual([201, 201]);
    expect([a.body.vin, b.body.vin]).toEqual([null, null]);
    expect(count()).toBe(2);
  });

  it('when a create fails as a duplicate, then no orphan registration rows are left', async () => {
    const { post, owner, count } = vehiclesApp();
    await post(validBody({ plate: 'AAA111' }), owner.auth);

    await post(validBody({ plate: 'aaa-111' }), owner.auth);

    expect(count('SELECT COUNT(*) AS n FROM vehicle_registrations')).toBe(2);
  });
});

describe('POST /v1/vehicles: concurrency', () => {
  it('when two tenants create the same plate at once, then exactly one gets 201 and the other 409', async () => {
    // Arrange
    const { post, owner, newTenant, count } = vehiclesApp();
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
    const { post, newTenant, count } = vehiclesApp();
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
