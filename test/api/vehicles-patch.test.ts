import { describe, expect, it } from 'vitest';
import { TEST_CLOCK_START } from '../support/app.ts';
import { VALID_VIN, withVehicle } from '../support/vehicles.ts';

describe('PATCH /v1/vehicles/{id}: fields', () => {
  it.each([
    ['a catalog city by alias', { city: 'gdl' }, { city: 'Guadalajara' }],
    ['a city of 2 chars', { city: 'Xa' }, { city: 'Xa' }],
    ['a city of 80 chars', { city: 'C'.repeat(80) }, { city: 'C'.repeat(80) }],
    ['a colour by name', { color: 'negra' }, { color: 'Negro', colorId: 2 }],
    ['a colour by id', { colorId: 6 }, { color: 'Rojo', colorId: 6 }],
    ['a generic colour with the dark id', { color: 'azul', colorId: 8 }, { color: 'Azul oscuro', colorId: 8 }],
    ['a vin', { vin: VALID_VIN }, { vin: VALID_VIN }],
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
    const { patch, row } = await withVehicle({ vin: VALID_VIN });

    const res = await patch({ vin: null });

    expect(res.status).toBe(200);
    expect(res.body.vin).toBeNull();
    expect(row().vin).toBeNull();
  });

  it('when a field is left out, then it keeps its value', async () => {
    const { patch } = await withVehicle({ vin: VALID_VIN, city: 'Puebla' });

    const res = await patch({ notes: 'solo notas' });

    expect(res.body).toMatchObject({ vin: VALID_VIN, city: 'Puebla', color: 'Blanco', notes: 'solo notas', status: 'activo' });
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
    ['an invalid vin', { vin: VALID_VIN.toLowerCase(), notes: 'x' }, 'vin'],
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
