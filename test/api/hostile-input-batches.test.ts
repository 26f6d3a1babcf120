import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hostileBody, hostileJson, hostilePathId, hugeString, poisonQuery, queryNoise, unicodeString, type RawBody } from '../support/arbitraries.ts';
import { RUNS, useHostilePlatformWorld } from '../support/hostile-platform.ts';

/** The hostile-input property of hostile-input-platform.test.ts for batches, jobs, rides and earnings. */
describe('hostile input on platform-backed endpoints: a 4xx in the envelope, nothing written anywhere', () => {
  const { ids, snapshot, send, expectRefused } = useHostilePlatformWorld();

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
