import type { IncomingMessage, ServerResponse } from 'node:http';
import express from 'express';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { createErrorHandler } from '../../server/http/error-handler.ts';
import { silentLogger } from '../../server/lib/logger.ts';
import { controlRouter } from '../../server/control/register.ts';
import { makeTestApp } from '../support/app.ts';

const TOKEN = 'ctl-0123456789abcdef';

describe('/_testbed with FLEET_CONTROL_TOKEN set', () => {
  const t = makeTestApp({ controlToken: TOKEN });
  const now = () => t.deps.clocks.service.now().toISOString();

  /** The same app, reached as if from another machine: the socket's peer address is overridden. */
  const from = (address: string) =>
    supertest((req: IncomingMessage, res: ServerResponse) => {
      Object.defineProperty(req.socket, 'remoteAddress', { value: address, configurable: true });
      t.app(req as never, res as never);
    });

  it('when a world is made, then its key is the one the same calls give on another serve with this token, and not the one a serve without a token gives (so the seed alone does not tell it)', async () => {
    const auth = { Authorization: `Bearer ${TOKEN}` };
    const newWorldKey = async (app: ReturnType<typeof makeTestApp>, headers: Record<string, string> = {}) =>
      (await app.request.post('/_testbed/tenants').set(headers).send({ name: 'Flota' }).expect(201)).body.keys[0];

    const here = await newWorldKey(makeTestApp({ controlToken: TOKEN }), auth);
    const sameToken = await newWorldKey(makeTestApp({ controlToken: TOKEN }), auth);
    const noToken = await newWorldKey(makeTestApp());

    expect(sameToken.key).toBe(here.key);
    expect(noToken.prefix).toBe(here.prefix);
    expect(noToken.key).not.toBe(here.key);
  });

  const MISSING = 'La superficie de control del testbed necesita Authorization: Bearer <FLEET_CONTROL_TOKEN>.';
  const WRONG = 'El token de control enviado no es el de este serve: revisa FLEET_CONTROL_TOKEN (debe ser el mismo con el que se arrancó serve).';
  it.each([
    ['no Authorization header', undefined, MISSING],
    ['a wrong token', 'Bearer ctl-0123456789abcdeX', WRONG],
    ['the token cut short', `Bearer ${TOKEN.slice(0, -1)}`, WRONG],
    ['the token with more after it', `Bearer ${TOKEN}x`, WRONG],
    ['the token without the Bearer scheme', TOKEN, MISSING],
    ['the token as Basic credentials', `Basic ${TOKEN}`, MISSING],
    ['an empty value', '', MISSING],
  ])('when a loopback call carries %s, then 401 UNAUTHORIZED in the envelope, saying which mistake, and the clock does not move', async (_kind, value, message) => {
    const before = now();
    const request = t.request.post('/_testbed/clock/advance');
    const res = await (value === undefined ? request : request.set('Authorization', value)).send({ duration: '1h' });

    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({ code: 'UNAUTHORIZED', message });
    expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(now()).toBe(before);
  });

  it('when a partner API key is the bearer, then 401: the control API never takes a partner key', async () => {
    const { auth } = t.newTenant();

    const res = await t.request.get('/_testbed/clock').set(auth);

    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHORIZED');
    // The key and the token mixed up: said so, not "check your token".
    expect(res.body.error.message).toMatch(/^Se envió una clave de API \(fk_…\) como token de control: .*la clave es para \/v1\.$/);
  });

  it.each(['127.0.0.1', '203.0.113.9', '2001:db8::1'])('when the token comes from %s, then the call is served', async (address) => {
    const res = await from(address).get('/_testbed/clock').set('Authorization', `Bearer ${TOKEN}`);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ now: now() });
  });

  it('when the scheme is spelled in lower case, then the token is still accepted (schemes are case-insensitive)', async () => {
    const res = await t.request.get('/_testbed/clock').set('Authorization', `bearer ${TOKEN}`);

    expect(res.status).toBe(200);
  });
});

describe('/_testbed router reached without the control guard', () => {
  it('when mounted without controlGuard in front, then it refuses every call (fails closed)', async () => {
    const t = makeTestApp();
    const bare = express().use('/_testbed', controlRouter(t.deps, t.services)).use(createErrorHandler(silentLogger));

    const res = await supertest(bare).get('/_testbed/clock');

    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('FORBIDDEN');
  });
});
