import fc from 'fast-check';
import { describe, it } from 'vitest';
import { hostileBody, hostilePathId, hugeString, unicodeString, type BodyFields } from '../support/arbitraries.ts';
import { RUNS, useHostilePlatformWorld } from '../support/hostile-platform.ts';
import { TINY_PNG } from '../support/images.ts';

/**
 * The hostile-input property of hostile-input.test.ts for the platform-backed endpoints: every answer
 * is a 4xx in the envelope, and nothing is written, neither in the API's database nor in the
 * simulators' (the platforms). Registrations, invitations and documents here; batches, jobs, rides and
 * earnings in hostile-input-batches.test.ts.
 */
describe('hostile input on platform-backed endpoints: a 4xx in the envelope, nothing written anywhere', () => {
  const { ids, send, expectRefused } = useHostilePlatformWorld();

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
});
