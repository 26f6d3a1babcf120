import { describe, expect, it } from 'vitest';
import { validBody, vehiclesApp } from '../support/vehicles.ts';

describe('GET /v1/vehicles: order, filters and isolation', () => {
  it('when vehicles are created at different simulated times, then the list is newest first', async () => {
    // Arrange
    const { post, deps, request, owner } = vehiclesApp();
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
    const { post, request, owner } = vehiclesApp();
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
    const { post, request, owner } = vehiclesApp();
    await post(validBody({ plate: 'ABC-123' }));
    await post(validBody({ plate: 'ABC-124' }));

    // Act
    const res = await request.get('/v1/vehicles').query({ plate: query }).set(owner.auth);

    // Assert
    expect(res.status).toBe(200);
    expect(res.body.data.map((v: { plate: string }) => v.plate)).toEqual(['ABC-123']);
  });

  it('when filtering by a plate of another tenant, then the page is empty', async () => {
    const { post, request, newTenant } = vehiclesApp();
    await post(validBody({ plate: 'ABC-123' }));
    const other = newTenant('Flota Dos');

    const res = await request.get('/v1/vehicles').query({ plate: 'ABC123' }).set(other.auth);

    expect(res.body).toEqual({ data: [], hasMore: false });
  });

  it.each(['activo', 'mantenimiento', 'inactivo', 'pending_platform_a'])(
    'when filtering by status %s, then only vehicles in that status are returned',
    async (status) => {
      // Arrange
      const { post, request, owner, deps } = vehiclesApp();
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
    const { request, owner } = vehiclesApp();

    const res = await request.get('/v1/vehicles').query(query).set(owner.auth);

    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
  });

  it('when filtering by plate and status together, then both apply', async () => {
    const { post, request, owner, deps } = vehiclesApp();
    const id = (await post(validBody({ plate: 'MIX-001' }))).body.id;
    deps.db.prepare("UPDATE vehicles SET status = 'inactivo' WHERE id = ?").run(id);

    const match = await request.get('/v1/vehicles').query({ plate: 'mix001', status: 'inactivo' }).set(owner.auth);
    const miss = await request.get('/v1/vehicles').query({ plate: 'mix001', status: 'activo' }).set(owner.auth);

    expect(match.body.data.map((v: { id: string }) => v.id)).toEqual([id]);
    expect(miss.body.data).toEqual([]);
  });

  it('when two tenants have vehicles, then each list shows only its own', async () => {
    // Arrange
    const { post, request, owner, newTenant } = vehiclesApp();
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
