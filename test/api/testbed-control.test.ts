import type { IncomingMessage, ServerResponse } from 'node:http';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { HOUR } from '../support/fleet-fixtures.ts';
import { reviewFixtures } from '../support/registration-fixtures.ts';
import { useWorld } from '../support/world.ts';

describe('/_testbed control surface', () => {
  const w = useWorld();
  const { underReview } = reviewFixtures(w);

  const storedOffset = () =>
    (w.deps.db.prepare('SELECT offset_ms FROM clock_state WHERE id = 1').get() as { offset_ms: number } | undefined)?.offset_ms ?? 0;
  const clockState = () => ({ now: w.clock.now().toISOString(), stored: storedOffset() });

  /** The same app, reached as if from another machine: the socket's peer address is overridden. */
  const from = (address: string) =>
    supertest((req: IncomingMessage, res: ServerResponse) => {
      Object.defineProperty(req.socket, 'remoteAddress', { value: address, configurable: true });
      w.app(req as never, res as never);
    });

  describe('who may call it', () => {
    it.each(['203.0.113.9', '10.0.0.5', '::ffff:192.168.1.20', '2001:db8::1'])(
      'when the peer is %s (not loopback), then 403 FORBIDDEN and the clock does not move',
      async (address) => {
        const before = clockState();

        const read = await from(address).get('/_testbed/clock');
        const advance = await from(address).post('/_testbed/clock/advance').send({ duration: '1h' });

        expect([read.status, advance.status]).toEqual([403, 403]);
        expect(advance.body.error.code).toBe('FORBIDDEN');
        expect(clockState()).toEqual(before);
      },
    );

    it.each(['127.0.0.1', '127.0.0.2', '::1', '::ffff:127.0.0.1'])('when the peer is %s (loopback), then it is served', async (address) => {
      const res = await from(address).get('/_testbed/clock');

      expect(res.status).toBe(200);
    });

    it.each([
      ['GET', '/_testbed/clock', 'a valid API key'],
      ['POST', '/_testbed/clock/advance', 'a valid API key'],
      ['POST', '/_testbed/sync', 'a valid API key'],
      ['POST', '/_testbed/clock/advance', 'Basic credentials'],
      ['POST', '/_testbed/clock/advance', 'an empty value'],
    ])('when %s %s carries an Authorization header with %s, then 403 and nothing moves', async (method, path, kind) => {
      const value = { 'a valid API key': w.newTenant().auth.Authorization, 'Basic credentials': 'Basic Zm9vOmJhcg==', 'an empty value': '' }[kind]!;
      const before = clockState();

      const res = method === 'GET'
        ? await w.request.get(path).set('Authorization', value)
        : await w.request.post(path).set('Authorization', value).send({ duration: '1h' });

      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('FORBIDDEN');
      expect(res.body.error.message).toMatch(kind === 'a valid API key' ? /no acepta claves de API/ : /no tiene token de control \(FLEET_CONTROL_TOKEN no está definido\)/);
      expect(clockState()).toEqual(before);
    });

    it.each([
      ['a rebound DNS name (Host: evil.example)', { Host: 'evil.example:3000' }, 'solo se llama como http://127.0.0.1, http://localhost o http://[::1]'],
      ['a name that only ends like localhost', { Host: 'evil-localhost.example' }, 'solo se llama como http://127.0.0.1, http://localhost o http://[::1]'],
      ['a page of another site (Origin)', { Origin: 'http://evil.example' }, 'no acepta llamadas de páginas de otro sitio (Origin: http://evil.example)'],
      ['a page with no origin of its own (Origin: null)', { Origin: 'null' }, 'no acepta llamadas de páginas de otro sitio (Origin: null)'],
    ])('when a loopback call comes from %s, then 403 and nothing moves', async (_kind, headers, message) => {
      const before = clockState();

      const res = await w.request.post('/_testbed/clock/advance').set(headers).send({ duration: '1h' });

      expect([res.status, res.body.error.code]).toEqual([403, 'FORBIDDEN']);
      expect(res.body.error.message).toContain(message);
      expect(clockState()).toEqual(before);
    });

    it.each([
      ['a script (no Origin), naming localhost', { Host: 'localhost:3000' }],
      ['a page of a local dev server', { Origin: 'http://localhost:5173' }],
      ['the testbed\'s own /docs page', { Origin: 'http://127.0.0.1:3000' }],
      ['an IPv6 loopback name', { Host: '[::1]:3000', Origin: 'http://[::1]:3000' }],
      ['the same, spelled out', { Host: '[0:0:0:0:0:0:0:1]:3000' }],
      ['a fully qualified localhost (trailing dot)', { Host: 'localhost.:3000' }],
      ['a subdomain of localhost (RFC 6761)', { Host: 'app.localhost:3000' }],
      ['FLEET_URL=http://0.0.0.0:3000', { Host: '0.0.0.0:3000' }],
    ])('when a loopback call comes from %s, then it is served', async (_kind, headers) => {
      expect((await w.request.get('/_testbed/clock').set(headers)).status).toBe(200);
    });

    it('when a bearer that is no API key is sent (a CI job\'s token, to a serve started without one), then 403 says the serve has no token', async () => {
      const before = clockState();

      const res = await w.request.post('/_testbed/clock/advance').set('Authorization', 'Bearer un-token-de-ci-0123456789').send({ duration: '1h' });

      expect([res.status, res.body.error.code]).toEqual([403, 'FORBIDDEN']);
      expect(res.body.error.message).toBe('Este serve no tiene token de control (FLEET_CONTROL_TOKEN no está definido): la superficie de control solo acepta '
        + 'llamadas locales sin Authorization. Quita la cabecera, o arranca serve con FLEET_CONTROL_TOKEN.');
      expect(clockState()).toEqual(before);
    });
  });

  describe('clock', () => {
    it('when GET /_testbed/clock, then it answers the simulated now', async () => {
      const res = await w.request.get('/_testbed/clock');

      expect(res.status).toBe(200);
      expect(res.body).toEqual({ now: w.clock.now().toISOString() });
    });

    it.each(['6h', '45m', '1d2h'])('when advanced by %s, then now moves by it, is stored, and the simulators share it', async (duration) => {
      const before = w.clock.now().getTime();
      const ms = { '6h': 6 * HOUR, '45m': 45 * 60_000, '1d2h': 26 * HOUR }[duration]!;

      const res = await w.request.post('/_testbed/clock/advance').send({ duration });

      expect(res.status).toBe(200);
      expect(res.body).toEqual({ now: new Date(before + ms).toISOString(), notSynced: [] });
      expect((await w.request.get('/_testbed/clock')).body.now).toBe(res.body.now);
      expect((await w.net.control.getClock()).now).toBe(res.body.now);
      expect(storedOffset()).toBe(w.clock.getState().offsetMs);
    });

    it.each([['abc'], ['6'], ['-1h'], ['1.5h'], ['3w'], [''], [6], [null]])('when the duration is %j, then 400 VALIDATION and the clock stays', async (duration) => {
      const before = clockState();

      const res = await w.request.post('/_testbed/clock/advance').send({ duration });

      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
      expect(clockState()).toEqual(before);
    });

    it('when the body has no duration or is not JSON, then 400 VALIDATION', async () => {
      const empty = await w.request.post('/_testbed/clock/advance').send({});
      const text = await w.request.post('/_testbed/clock/advance').set('Content-Type', 'text/plain').send('6h');

      expect([empty.status, text.status]).toEqual([400, 400]);
    });

    it('when the simulators are unreachable, then the platforms\' faults cannot be read: 503, as the document declares', async () => {
      w.net.platformDown('control');

      const res = await w.request.get('/_testbed/faults');

      expect([res.status, res.body.error.code]).toEqual([503, 'PLATFORM_UNAVAILABLE']);
    });

    it('when the simulators are unreachable, then 503 and neither clock moves', async () => {
      const before = clockState();
      w.net.platformDown('control');

      const res = await w.request.post('/_testbed/clock/advance').send({ duration: '2h' });

      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('PLATFORM_UNAVAILABLE');
      expect(clockState()).toEqual(before);
    });

    it('when advanced past a running review, then the review has ended and the API has synced it', async () => {
      const { auth, id } = await underReview();

      await w.request.post('/_testbed/clock/advance').send({ duration: '1d' }).expect(200);

      const stored = await w.request.get(`/v1/vehicles/${id}/registrations/platform_a`).set(auth);
      expect(stored.body).toMatchObject({ status: 'approved', docReviewStatus: 'approved' });
    });
  });
});
