import { beforeAll, expect } from 'vitest';
import { cachedPrepare } from '../../server/db/statements.ts';
import type { RawBody } from './arbitraries.ts';
import { useWorld } from './world.ts';

type Method = 'get' | 'post' | 'delete';
interface Answer { status: number; body: any; headers: Record<string, string> }
/** A raw body: text, or bytes (multipart) with its Content-Type. */
export type Raw = RawBody | { contentType: string; payload: Buffer };

export const RUNS = { numRuns: 25 };

/**
 * The world of the hostile-input property on the platform-backed endpoints. Before the describe's
 * tests its tenant gets a vehicle registered on platform_a, a driver invited there and a finished
 * batch job (`ids`); `send` calls as that tenant, and `expectRefused` demands a 4xx in the envelope
 * and nothing written, neither in the API's database nor in the simulators' (the platforms).
 */
export function useHostilePlatformWorld() {
  const w = useWorld();
  let auth: Record<string, string>;
  const ids = { vehicle: '', driver: '', job: '' };

  function dump(db: typeof w.deps.db): unknown {
    const tables = cachedPrepare(db, "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[];
    return tables.map(({ name }) => [name, cachedPrepare(db, `SELECT * FROM "${name}"`).all()]);
  }
  /** Every row of every table of the API and of the simulators. */
  const snapshot = () => JSON.stringify([dump(w.deps.db), dump(w.net.simulators.db as typeof w.deps.db)]);

  function send(method: Method, url: string, body?: Raw) {
    const req = w.request[method](url).set(auth);
    if (!body) return req;
    if ('contentEncoding' in body && body.contentEncoding) req.set('Content-Encoding', body.contentEncoding);
    return req.set('Content-Type', body.contentType).send(body.payload);
  }

  async function expectRefused(request: () => PromiseLike<Answer>): Promise<void> {
    const before = snapshot();
    const res = await request();
    if (res.status < 400 || res.status >= 500) throw new Error(`expected a 4xx, got ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`);
    expect(res.body?.error).toMatchObject({ code: expect.any(String), message: expect.any(String), requestId: res.headers['x-request-id'] });
    expect(res.body.error.message.length).toBeGreaterThan(0);
    expect(snapshot()).toBe(before);
  }

  beforeAll(async () => {
    ({ auth } = w.newTenant());
    const vehicle = await w.request.post('/v1/vehicles').set(auth)
      .send({ plate: 'HP-0001', brand: 'Kia', model: 'Rio', year: 2023, color: 'Rojo', city: 'Guadalajara', vin: '3VWFE21C04M100001' }).expect(201);
    const driver = await w.request.post('/v1/drivers').set(auth).send({ name: 'Ana Ruiz', whatsapp: '3300017777', city: 'Guadalajara' }).expect(201);
    ids.vehicle = vehicle.body.id;
    ids.driver = driver.body.id;
    // Registered on platform_a, so a document upload reaches its own checks rather than "not registered".
    await w.request.post(`/v1/vehicles/${ids.vehicle}/registrations`).set(auth).send({ platform: 'platform_a' }).expect(201);
    await w.request.post(`/v1/drivers/${ids.driver}/invitations`).set(auth).send({ platform: 'platform_a' }).expect(201);
    const job = await w.request.post('/v1/vehicles/registrations/batch').set(auth).send({ platform: 'platform_b', vehicleIds: [ids.vehicle] }).expect(202);
    ids.job = job.body.jobId;
    await w.services.jobs.runUntilIdle();
  });

  return { ids, snapshot, send, expectRefused };
}
