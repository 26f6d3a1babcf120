import { describe, expect, it } from 'vitest';
import type { Auth } from '../support/fleet-fixtures.ts';
import { reviewFixtures } from '../support/registration-fixtures.ts';
import { useWorld } from '../support/world.ts';

describe('platform_a review and the vehicle status', () => {
  // A short client timeout: the 'slow' fault waits it out once or twice a case. Not shorter: the retry
  // once the platform is back must fit in it on a CI machine busy with the suite (500 ms did not).
  const w = useWorld({ clientTimeoutMs: 1_500 });
  const { nextPlate, nextVin, upload, refresh, review } = reviewFixtures(w);

  describe('platform faults', () => {
    const snapshot = (id: string) => ({
      vehicle: w.deps.db.prepare('SELECT * FROM vehicles WHERE id = ?').get(id),
      registrations: w.deps.db.prepare('SELECT * FROM vehicle_registrations WHERE vehicle_id = ? ORDER BY platform').all(id),
      documents: w.deps.db.prepare('SELECT * FROM documents WHERE vehicle_id = ? ORDER BY id').all(id),
    });
    const faults = {
      down: (host: 'platform_a' | 'platform_b') => w.net.platformDown(host),
      '500': (host: 'platform_a' | 'platform_b') => w.net.platformError(host, 500),
      slow: (host: 'platform_a' | 'platform_b') => w.net.platformSlow(host, 3_000),
    };
    type Op = { host: 'platform_a' | 'platform_b'; arrange: (auth: Auth, id: string) => Promise<unknown>; act: (auth: Auth, id: string) => ReturnType<typeof refresh>; ok: number };
    const ops: Record<string, Op> = {
      'register on platform_a': { host: 'platform_a', arrange: async () => undefined, act: (a, id) => w.request.post(`/v1/vehicles/${id}/registrations`).set(a).send({ platform: 'platform_a' }), ok: 201 },
      'register on platform_b': { host: 'platform_b', arrange: async () => undefined, act: (a, id) => w.request.post(`/v1/vehicles/${id}/registrations`).set(a).send({ platform: 'platform_b' }), ok: 201 },
      'refresh after a decided review': {
        host: 'platform_a',
        arrange: async (a, id) => {
          await w.request.post(`/v1/vehicles/${id}/registrations`).set(a).send({ platform: 'platform_a' }).expect(201);
          await upload(a, id).expect(201);
          await review(id, 'approved');
        },
        act: refresh, ok: 200,
      },
    };
    const cases = Object.keys(ops).flatMap((op) => (Object.keys(faults) as Array<keyof typeof faults>).map((fault) => [op, fault] as const));

    it.each(cases)('when %s meets a platform that is %s, then 503 PLATFORM_UNAVAILABLE with Retry-After, nothing changes, and it works once back', async (op, fault) => {
      // Arrange
      const { auth } = w.newTenant();
      const body = { plate: nextPlate(), brand: 'Kia', model: 'Rio', year: 2023, color: 'Rojo', city: 'Puebla', vin: nextVin() };
      const { id } = (await w.request.post('/v1/vehicles').set(auth).send(body).expect(201)).body;
      await ops[op].arrange(auth, id);
      const before = snapshot(id);
      faults[fault](ops[op].host);

      // Act
      const res = await ops[op].act(auth, id);
      await w.services.sync.runDue();
      const during = snapshot(id);
      w.net.server.resetHandlers();
      const retried = await ops[op].act(auth, id);

      // Assert
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('PLATFORM_UNAVAILABLE');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(during).toEqual(before);
      expect(retried.status).toBe(ops[op].ok);
    });
  });
});
