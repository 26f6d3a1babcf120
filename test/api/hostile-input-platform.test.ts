import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  hostileBody, hostileJson, hostilePathId, hugeString, poisonQuery, queryNoise, unicodeString, type BodyFields, type RawBody,
} from '../support/arbitraries.ts';
import { TINY_PNG } from '../support/images.ts';
import { useWorld } from '../support/world.ts';
import { cachedPrepare } from '../../server/db/statements.ts';

/**
 * The hostile-input property of hostile-input.test.ts for the platform-backed endpoints (registrations,
 * documents, invitations, batches, jobs, rides, earnings): every answer is a 4xx in the envelope, and
 * nothing is written, neither in the API's database nor in the simulators' (the platforms).
 */
type Method = 'get' | 'post' | 'delete';
interface Answer { status: number; body: any; headers: Record<string, string> }
/** A raw body: text, or bytes (multipart) with its Content-Type. */
type Raw = RawBody | { contentType: string; payload: Buffer };

const RUNS = { numRuns: 25 };

describe('hostile input on platform-backed endpoints: a 4xx in the envelope, nothing written anywhere', () => {
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

  /** Platform path segments that name no platform (never empty: that is another route; %5F would decode to a real one). */
  const hostilePlatform = fc.oneof(
    fc.constantFrom('platform_c', 'PLATFORM_A', 'Platform_B', 'platform_a%00', 'platform_a%20', 'platform_', '%E0%A4%A', '%zz', '..', '__proto__', 'constructor'),
    hostilePathId,
  );

  const PLATFORM_BODY: BodyFields = { platform: 'text' };

  describe('registrations and invitations', () => {
    it.each([
      ['/v1/vehicles/{vehicle}/registrations'],
      ['/v1/drivers/{driver}/invitations'],
    ])('when POST %s gets a hostile body, then it is refused', async (template) => {
      const path = template.replace('{vehicle}', ids.vehicle).replace('{driver}', ids.driver);
      const body = fc.oneof(
        hostileBody(PLATFORM_BODY),
        fc.oneof(unicodeString, fc.constantFrom('platform_c', 'PLATFORM_A', ' platform_a', 'platform_a ', '')).map((p) => ({
          contentType: 'application/json', payload: JSON.stringify({ platform: p }),
        })),
      );
      await fc.assert(fc.asyncProperty(body, (b) => expectRefused(() => send('post', path, b))), RUNS);
    });

    it.each([
      ['/v1/vehicles', 'registrations'],
      ['/v1/drivers', 'invitations'],
    ])('when POST or GET %s/{id}/%s gets a garbage id, then it is refused', async (base, what) => {
      const body = fc.constantFrom(undefined, { contentType: 'application/json', payload: '{"platform":"platform_b"}' });
      await fc.assert(
        fc.asyncProperty(hostilePathId, fc.constantFrom('get' as const, 'post' as const), body, (id, method, b) =>
          expectRefused(() => send(method, `${base}/${id}/${what}`, method === 'post' ? b : undefined))),
        RUNS,
      );
    });

    it.each([
      ['get', '/v1/vehicles/{vehicle}/registrations/{platform}'],
      ['post', '/v1/vehicles/{vehicle}/registrations/{platform}/refresh'],
      ['get', '/v1/drivers/{driver}/invitations/{platform}'],
      ['post', '/v1/drivers/{driver}/invitations/{platform}/refresh'],
      ['delete', '/v1/drivers/{driver}/invitations/{platform}'],
    ] as const)('when %s %s gets a garbage platform segment or id, then it is refused', async (method, template) => {
      const garbageId = fc.oneof(fc.constant(null), hostilePathId);
      await fc.assert(
        fc.asyncProperty(hostilePlatform, garbageId, fc.constantFrom('platform_a', 'platform_b'), (platform, id, realPlatform) => {
          // Either the id or the platform is garbage; the other is real.
          const path = template
            .replace('{vehicle}', id ?? ids.vehicle).replace('{driver}', id ?? ids.driver)
            .replace('{platform}', id ? realPlatform : platform);
          return expectRefused(() => send(method, path, method === 'get' ? undefined : { contentType: 'application/json', payload: '{}' }));
        }),
        RUNS,
      );
    });
  });

  describe('documents', () => {
    const url = () => `/v1/vehicles/${ids.vehicle}/documents`;
    const BOUNDARY = 'hostileBoundary7MA4YWxk';
    const part = (name: string, value: Buffer | string, filename?: string) => Buffer.concat([
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\n` +
        (filename ? 'Content-Type: image/png\r\n' : '') + '\r\n'),
      typeof value === 'string' ? Buffer.from(value) : value, Buffer.from('\r\n'),
    ]);
    const multipart = (...parts: Buffer[]) => Buffer.concat([...parts, Buffer.from(`--${BOUNDARY}--\r\n`)]);
    const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
    const GOOD = multipart(part('type', 'circulation_card_front'), part('file', TINY_PNG, 'card.png'));

    it('when the body is not multipart/form-data, then it is refused', async () => {
      const body = fc.oneof(
        hostileBody({ type: 'text', file: 'text' }),
        fc.record({
          contentType: fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'application/octet-stream', 'image/png',
            'multipart/form-data', 'multipart/form-data; boundary=', 'multipart/mixed; boundary=' + BOUNDARY, 'multipart/form-data; boundary=other'),
          payload: fc.constantFrom(GOOD, TINY_PNG, Buffer.from('type=circulation_card_front&file=x'), Buffer.from('{"type":"circulation_card_front"}')),
        }),
      );
      await fc.assert(fc.asyncProperty(body, (b) => expectRefused(() => send('post', url(), b))), RUNS);
    });

    it('when a valid multipart upload is cut short anywhere before its closing boundary, then it is refused', async () => {
      const end = GOOD.length - `--\r\n`.length - 1; // at most "--boundary" of the closing delimiter
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 0, max: end }), (cut) =>
          expectRefused(() => send('post', url(), { contentType: MULTIPART, payload: GOOD.subarray(0, cut) }))),
        { numRuns: 30, examples: [[0], [1], [end], [GOOD.indexOf(TINY_PNG) + 4]] },
      );
    });

    it('when the type is garbage, the file empty, missing, renamed or doubled, then it is refused', async () => {
      const garbageType = fc.oneof(unicodeString, hugeString, fc.constantFrom('', ' ', 'CIRCULATION_CARD_FRONT', 'circulation_card_front ', 'circulation_card_back%00', 'ine'))
        .filter((t) => t !== 'circulation_card_front');
      const body = fc.oneof(
        garbageType.map((t) => multipart(part('type', t), part('file', TINY_PNG, 'card.png'))),
        fc.constant(multipart(part('type', 'circulation_card_front'), part('file', Buffer.alloc(0), 'empty.png'))),
        fc.constant(multipart(part('type', 'circulation_card_front'))),
        fc.constant(multipart(part('file', TINY_PNG, 'card.png'))),
        fc.constant(multipart(part('type', 'circulation_card_front'), part('photo', TINY_PNG, 'card.png'))),
        fc.constant(multipart(part('type', 'circulation_card_front'), part('file', TINY_PNG, 'a.png'), part('file', TINY_PNG, 'b.png'))),
        fc.constant(multipart()),
      );
      await fc.assert(fc.asyncProperty(body, (payload) => expectRefused(() => send('post', url(), { contentType: MULTIPART, payload }))), RUNS);
    });

    it('when POST or GET /v1/vehicles/{id}/documents gets a garbage id, then it is refused', async () => {
      await fc.assert(
        fc.asyncProperty(hostilePathId, fc.constantFrom('get' as const, 'post' as const), (id, method) =>
          expectRefused(() => send(method, `/v1/vehicles/${id}/documents`, method === 'post' ? { contentType: MULTIPART, payload: GOOD } : undefined))),
        RUNS,
      );
    });
  });

  describe('batches and jobs', () => {
    const uuids = (min: number, max: number) => fc.array(fc.uuid(), { minLength: min, maxLength: max });
    /** Ids that cannot pass: none, too many, not uuids, not strings, not a list. */
    const badIds = fc.oneof(
      fc.constant([]),
      uuids(501, 600),
      fc.integer({ min: 501, max: 30_000 }).map((n) => Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`)),
      fc.tuple(uuids(0, 5), fc.oneof(unicodeString, hugeString, fc.constantFrom('abc', '', '00000000-0000-4000-8000-00000000000', '{00000000-0000-4000-8000-000000000000}')), uuids(0, 5))
        .map(([a, bad, b]) => [...a, bad, ...b]),
      fc.tuple(uuids(0, 3), fc.oneof(fc.integer(), fc.constant(null), fc.boolean(), fc.array(fc.uuid(), { minLength: 1, maxLength: 2 }), fc.dictionary(fc.string(), hostileJson, { maxKeys: 2 })))
        .map(([a, bad]) => [...a, bad]),
      fc.oneof(fc.uuid(), unicodeString, fc.integer(), fc.constant(null), fc.dictionary(fc.uuid(), fc.uuid(), { maxKeys: 3 })),
    );
    const badPlatform = fc.oneof(fc.constantFrom('platform_c', 'PLATFORM_A', '', null, 1, ['platform_a'], { platform: 'platform_a' }), unicodeString);

    it.each([
      ['/v1/vehicles/registrations/batch', 'vehicleIds', 'driverIds'],
      ['/v1/drivers/invitations/batch', 'driverIds', 'vehicleIds'],
    ])('when POST %s gets wrong types, 0 or 501+ ids, non-uuids or a bad platform, then it is refused', async (path, field, other) => {
      const body = fc.oneof(
        { weight: 4, arbitrary: fc.record({ platform: fc.constantFrom('platform_a', 'platform_b'), ids: badIds }).map(({ platform, ids: v }) => ({ platform, [field]: v })) },
        fc.record({ platform: badPlatform, ids: uuids(1, 3) }).map(({ platform, ids: v }) => ({ platform, [field]: v })),
        uuids(1, 3).map((v) => ({ platform: 'platform_a', [other]: v })),
        fc.uuid().map((v) => ({ [field]: [v] })),
      ).map((b): RawBody => ({ contentType: 'application/json', payload: JSON.stringify(b) }));
      await fc.assert(fc.asyncProperty(fc.oneof({ weight: 4, arbitrary: body }, hostileBody({ platform: 'text', [field]: 'list' })), (b) =>
        expectRefused(() => send('post', path, b))), RUNS);
    });

    it('when POST a batch gets ids past the 1 MB body limit, then 413 in the envelope', async () => {
      const vehicleIds = Array.from({ length: 30_000 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
      let status = 0;
      await expectRefused(async () => {
        const res = await send('post', '/v1/vehicles/registrations/batch', { contentType: 'application/json', payload: JSON.stringify({ platform: 'platform_a', vehicleIds }) });
        status = res.status;
        return res;
      });
      expect(status).toBe(413);
    });

    it('when GET /v1/jobs/{id} gets a garbage or unknown id, then it is refused', async () => {
      await fc.assert(fc.asyncProperty(hostilePathId, fc.array(queryNoise, { maxLength: 3 }), (id, noise) =>
        expectRefused(() => send('get', `/v1/jobs/${id}?${noise.join('&')}`))), RUNS);
    });

    it('when GET /v1/jobs/{existing id} is sent with garbage, then 200 and it writes nothing', async () => {
      await fc.assert(fc.asyncProperty(fc.array(queryNoise, { maxLength: 4 }), async (noise) => {
        const before = snapshot();
        const res = await send('get', `/v1/jobs/${ids.job}?${noise.join('&')}`, { contentType: 'application/json', payload: '{"' });
        expect(res.status).toBe(200);
        expect(snapshot()).toBe(before);
      }), { numRuns: 10 });
    });
  });

  describe('rides and earnings', () => {
    const DATES = ['', 'yesterday', '2026-02-30', '2026-13-01', '2026-3-1', '20260301', '2026-03-01T00:00:00Z', '%00', '2026-03-01%00', '9999999-01-01', '2026-03-01&from=2026-03-02'];
    const common = {
      platform: ['', 'platform_c', 'PLATFORM_A', 'platform_a%00', 'platform_a&platform=platform_b', '%E0%A4%A'],
      from: DATES, to: DATES, driverId: ['x', '%00', '00000000-0000-4000-8000-00000000000'],
    };
    /** The poison alone, or after a valid platform (a repeated platform is a list: refused too). */
    const query = (extra: Record<string, string[]>) => fc.tuple(fc.constantFrom('', 'platform=platform_a&', 'platform=platform_b&'), poisonQuery(extra))
      .map(([platform, q]) => platform + q);
    const window = fc.constantFrom('from=2026-03-02&to=2026-03-01', 'from=2026-03-01&to=2026-02-28&platform=platform_b');

    it.each([
      ['/v1/rides', { ...common, vehicleId: ['1', '%zz'], status: ['', 'bogus', 'COMPLETED', 'completed,cancelled_rider', 'completed&status=other'] }],
      ['/v1/earnings/daily', common],
    ])('when GET %s gets garbage platform/from/to/limit/startingAfter/status, then it is refused', async (path, extra) => {
      const q = fc.oneof({ weight: 5, arbitrary: query(extra) }, window.map((w2) => `platform=platform_a&${w2}`));
      await fc.assert(fc.asyncProperty(q, (qs) => expectRefused(() => send('get', `${path}?${qs}`))), RUNS);
    });

    it('when GET /v1/earnings/summary gets garbage platform/from/to/driverId, then it is refused', async () => {
      const pairs = Object.entries(common).flatMap(([k, vs]) => vs.map((v) => `${k}=${v}`));
      const q = fc.oneof(
        fc.record({ base: fc.constantFrom('', 'platform=platform_a&'), poison: fc.constantFrom(...pairs), noise: fc.array(queryNoise, { maxLength: 3 }) })
          .map(({ base, poison, noise }) => base + [poison, ...noise].join('&')),
        window.map((w2) => `platform=platform_a&${w2}`),
        fc.array(queryNoise, { maxLength: 3 }).map((noise) => noise.join('&')), // no platform at all
      );
      await fc.assert(fc.asyncProperty(q, (qs) => expectRefused(() => send('get', `/v1/earnings/summary?${qs}`))), RUNS);
    });
  });
});
