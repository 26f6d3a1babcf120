import { describe, expect, it } from 'vitest';
import { makeTestApp } from '../support/app.ts';

type Vehicle = { id: string; plate: string; createdAt: string };

/** An app whose tenant owns `n` vehicles, created one simulated second apart unless `frozen`. */
async function tenantWithVehicles(n: number, { frozen = false } = {}) {
  const t = makeTestApp();
  const owner = t.newTenant('Flota Paginada');
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await t.request
      .post('/v1/vehicles')
      .set(owner.auth)
      .send({ plate: `PAG${String(i).padStart(4, '0')}`, brand: 'Kia', model: 'Rio', year: 2021, colorId: 1 });
    expect(res.status).toBe(201);
    ids.push(res.body.id);
    if (!frozen) t.deps.clocks.service.advance(1000);
  }
  const list = (query: Record<string, string | number> = {}, auth = owner.auth) =>
    t.request.get('/v1/vehicles').query(query).set(auth);
  return { ...t, owner, ids, list };
}

const idsOf = (body: { data: Vehicle[] }) => body.data.map((v) => v.id);

describe('GET /v1/vehicles pagination: limit', () => {
  it('when no limit is given, then the page holds 25 items and hasMore is true when more exist', async () => {
    // Arrange
    const { list, ids } = await tenantWithVehicles(27);

    // Act
    const res = await list();

    // Assert
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(25);
    expect(res.body.hasMore).toBe(true);
    expect(idsOf(res.body)).toEqual([...ids].reverse().slice(0, 25));
  });

  it('when exactly 25 exist and no limit is given, then all come back with hasMore false', async () => {
    const { list } = await tenantWithVehicles(25);

    const res = await list();

    expect(res.body.data).toHaveLength(25);
    expect(res.body.hasMore).toBe(false);
  });

  it.each([
    [1, 3, 1, true],
    [2, 3, 2, true],
    [3, 3, 3, false],
    [100, 3, 3, false],
    [100, 101, 100, true],
  ])('when limit=%i with %i vehicles, then the page holds %i and hasMore is %s', async (limit, n, size, hasMore) => {
    const { list } = await tenantWithVehicles(n);

    const res = await list({ limit });

    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(size);
    expect(res.body.hasMore).toBe(hasMore);
  });

  it.each(['0', '101', 'abc', '1.5', '-1', '', '1e1', ' 5', '99999'])(
    'when limit=%j, then answers 400 VALIDATION naming limit',
    async (limit) => {
      // Arrange
      const { list } = await tenantWithVehicles(1);

      // Act
      const res = await list({ limit });

      // Assert
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain('limit');
    },
  );

  it('when limit is given twice, then answers 400 VALIDATION saying it goes once', async () => {
    const { request, owner } = await tenantWithVehicles(1);

    const res = await request.get('/v1/vehicles?limit=1&limit=2').set(owner.auth);

    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
    expect(res.body.error.details).toEqual([{ field: 'limit', message: 'limit debe darse una sola vez' }]);
  });
});

describe('GET /v1/vehicles pagination: startingAfter', () => {
  it.each([
    ['distinct createdAt', false],
    ['equal createdAt (frozen clock)', true],
  ])('when walking pages of 2 with %s, then every vehicle appears exactly once, newest first', async (_label, frozen) => {
    // Arrange
    const { list } = await tenantWithVehicles(7, { frozen });
    const all = await list({ limit: 100 });
    const seen: string[] = [];
    const pages: number[] = [];

    // Act
    let cursor: string | undefined;
    for (let guard = 0; guard < 10; guard++) {
      const res = await list(cursor ? { limit: 2, startingAfter: cursor } : { limit: 2 });
      expect(res.status).toBe(200);
      seen.push(...idsOf(res.body));
      pages.push(res.body.data.length);
      if (!res.body.hasMore) break;
      cursor = res.body.data.at(-1).id;
    }

    // Assert
    expect(pages).toEqual([2, 2, 2, 1]);
    expect(new Set(seen).size).toBe(7);
    expect(seen).toEqual(idsOf(all.body));
  });

  it('when startingAfter is an existing id written in upper case, then it pages exactly like the lower-case id', async () => {
    const { list, ids } = await tenantWithVehicles(4);

    const lower = await list({ limit: 2, startingAfter: ids[3] });
    const upper = await list({ limit: 2, startingAfter: ids[3].toUpperCase() });

    expect(upper.status).toBe(200);
    expect(upper.body).toEqual(lower.body);
    expect(idsOf(upper.body)).toEqual([ids[2], ids[1]]);
  });

  it('when startingAfter is the last item, then the page is empty with hasMore false', async () => {
    const { list, ids } = await tenantWithVehicles(3);

    const res = await list({ startingAfter: ids[0] });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [], hasMore: false });
  });

  it('when startingAfter is given with a filter, then the cursor and the filter combine', async () => {
    const { list, ids, deps } = await tenantWithVehicles(5);
    for (const id of [ids[0], ids[2], ids[4]]) deps.db.prepare("UPDATE vehicles SET status = 'inactivo' WHERE id = ?").run(id);

    const res = await list({ status: 'inactivo', startingAfter: ids[4] });

    expect(idsOf(res.body)).toEqual([ids[2], ids[0]]);
  });

  it.each([
    ['an unknown but well-formed UUID', () => '3f2a1b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b'],
    ['a non-UUID', () => 'not-a-uuid'],
  ])('when startingAfter is %s, then answers 400 VALIDATION naming startingAfter', async (_label, cursor) => {
    const { list } = await tenantWithVehicles(2);

    const res = await list({ startingAfter: cursor() });

    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
    expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain('startingAfter');
  });

  it('when startingAfter is the id of another tenant\u2019s vehicle, then answers 400 and leaks nothing', async () => {
    // Arrange
    const { list, newTenant, request } = await tenantWithVehicles(2);
    const other = newTenant('Flota Ajena');
    const foreign = await request
      .post('/v1/vehicles')
      .set(other.auth)
      .send({ plate: 'AJENO01', brand: 'Kia', model: 'Rio', year: 2021, colorId: 1 });

    // Act
    const res = await list({ startingAfter: foreign.body.id });

    // Assert
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
    expect(JSON.stringify(res.body)).not.toContain('AJENO01');
  });
});
