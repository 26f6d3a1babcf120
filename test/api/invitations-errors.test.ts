import { describe, expect, it } from 'vitest';
import type { Scope } from '../../server/auth/scopes.ts';
import { fleetFixtures, type Auth } from '../support/fleet-fixtures.ts';
import { useWorld } from '../support/world.ts';

describe('driver invitations: outages, isolation, scopes and input', () => {
  const w = useWorld();
  const f = fleetFixtures(w);

  const snapshot = async (auth: Auth, id: string) => ({
    invitations: (await w.request.get(`/v1/drivers/${id}/invitations`).set(auth).expect(200)).body,
    driver: (await w.request.get(`/v1/drivers/${id}`).set(auth).expect(200)).body,
  });

  const operations = {
    invite: (auth: Auth, id: string) => f.invite(auth, id),
    refresh: (auth: Auth, id: string) => f.refresh(auth, id),
    cancel: (auth: Auth, id: string) => w.request.delete(`/v1/drivers/${id}/invitations/platform_a`).set(auth),
    list: (auth: Auth, id: string) => w.request.get(`/v1/drivers/${id}/invitations`).set(auth),
    get: (auth: Auth, id: string) => w.request.get(`/v1/drivers/${id}/invitations/platform_a`).set(auth),
  };

  /** Each write from the state where the platform would change something if it could answer. */
  const outageCases = [
    ['POST on a driver with none', 'invite', false],
    ['refresh after the driver accepted', 'refresh', true],
    ['DELETE of an invitation', 'cancel', true],
  ] as const;
  const faults = [
    ['down', () => w.net.platformDown('platform_a')],
    ['answering 500', () => w.net.platformError('platform_a', 500)],
  ] as const;

  for (const [fault, inject] of faults) {
    it.each(outageCases)(`when platform_a is ${fault}, then %s answers 503 with Retry-After and nothing changes`, async (_label, op, invited) => {
      const { auth } = w.newTenant();
      const id = await f.driver(auth);
      if (invited) (await f.invite(auth, id).expect(201), await w.net.control.acceptInvitation(id));
      const before = await snapshot(auth, id);
      inject();

      const res = await operations[op](auth, id);

      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('PLATFORM_UNAVAILABLE');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(await snapshot(auth, id)).toEqual(before);
    });
  }

  it('when the background sync meets an outage, then the stored invitation stays and the next run catches up', async () => {
    const { auth } = w.newTenant();
    const id = await f.driver(auth);
    await f.invite(auth, id).expect(201);
    await w.net.control.acceptInvitation(id);
    w.net.platformDown('platform_a');

    await w.services.sync.runDue();
    expect((await f.invitation(auth, id)).status).toBe('invited');
    w.net.server.resetHandlers();
    await w.services.sync.runDue();

    expect((await f.invitation(auth, id)).status).toBe('bound');
  });

  it.each(Object.keys(operations) as (keyof typeof operations)[])(
    'when %s names a driver of another tenant, then 404 NOT_FOUND and no platform call',
    async (op) => {
      const owner = w.newTenant();
      const id = await f.driver(owner.auth);
      await f.invite(owner.auth, id).expect(201);
      f.platformCalls.splice(0);
      const before = await snapshot(owner.auth, id);

      const res = await operations[op](w.newTenant().auth, id);

      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
      expect(f.platformCalls).toEqual([]);
      expect(await snapshot(owner.auth, id)).toEqual(before);
    },
  );

  const writeOps = ['invite', 'refresh', 'cancel'] as const;
  it.each([
    ...writeOps.map((op) => [op, ['drivers:read']] as const),
    ...(['list', 'get'] as const).map((op) => [op, ['drivers:write']] as const),
  ])('when %s is called with a key holding only %j, then 403 INSUFFICIENT_SCOPE', async (op, scopes) => {
    const owner = w.newTenant();
    const id = await f.driver(owner.auth);
    const key = w.tenants.createKey(owner.tenant.id, [...scopes] as Scope[]);

    const res = await operations[op]({ Authorization: `Bearer ${key.key}` }, id);

    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('INSUFFICIENT_SCOPE');
  });

  it.each([
    [{}, 400, 'VALIDATION'],
    [{ platform: 'platform_c' }, 400, 'VALIDATION'],
    [{ platform: 'PLATFORM_A' }, 400, 'VALIDATION'],
    ['platform_a', 400, 'VALIDATION'],
  ])('when POST sends %j, then %i %s', async (body, status, code) => {
    const { auth } = w.newTenant();
    const id = await f.driver(auth);

    const res = await w.request.post(`/v1/drivers/${id}/invitations`).set(auth).set('Content-Type', 'application/json').send(JSON.stringify(body));

    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
    expect(f.platformCalls).toEqual([]);
  });

  it.each([
    ['an unknown driver', (id: string) => `/v1/drivers/${id.replace(/^./, id[0] === 'a' ? 'b' : 'a')}/invitations/platform_a`],
    ['an id that is not a UUID', () => '/v1/drivers/nope/invitations/platform_a'],
    ['an unknown platform', (id: string) => `/v1/drivers/${id}/invitations/platform_c`],
  ])('when GET names %s, then 404 NOT_FOUND', async (_label, path) => {
    const { auth } = w.newTenant();
    const id = await f.driver(auth);

    const res = await w.request.get(path(id)).set(auth);

    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });

  it('when POST names an unknown driver with a bad body, then 404 comes before 400', async () => {
    const { auth } = w.newTenant();

    const res = await w.request.post('/v1/drivers/00000000-0000-4000-8000-000000000000/invitations').set(auth).send({});

    expect(res.status).toBe(404);
  });
});
