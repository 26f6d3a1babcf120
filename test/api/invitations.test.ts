import { describe, expect, it } from 'vitest';
import { fleetFixtures, PAST_DRIVER_REVIEW, type Auth } from '../support/fleet-fixtures.ts';
import { useWorld } from '../support/world.ts';

describe('driver invitations on platform_a', () => {
  const w = useWorld();
  const f = fleetFixtures(w);
  const now = () => w.clock.now().toISOString();
  const list = async (auth: Auth, id: string) => (await w.request.get(`/v1/drivers/${id}/invitations`).set(auth).expect(200)).body.data;

  async function fresh() {
    const { auth } = w.newTenant();
    return { auth, id: await f.driver(auth) };
  }

  it('when a driver is invited on platform_a, then it answers 201 invited, stores it and platform_a has it', async () => {
    const { auth, id } = await fresh();

    const res = await f.invite(auth, id);

    expect(res.status).toBe(201);
    expect(res.body).toEqual({ platform: 'platform_a', status: 'invited', reviewStatus: 'pending', invitedAt: now(), acceptedAt: null });
    expect(await f.invitation(auth, id)).toEqual(res.body);
    expect(await list(auth, id)).toEqual([res.body, { platform: 'platform_b', status: 'none', reviewStatus: null, invitedAt: null, acceptedAt: null }]);
    expect(await w.net.platformA.getInvitation(id)).toMatchObject({ status: 'invited' });
  });

  it.each([
    ['invited', async (_auth: Auth, _id: string) => {}],
    ['bound', async (auth: Auth, id: string) => void (await w.net.control.acceptInvitation(id), await f.refresh(auth, id).expect(200))],
    ['rejected', async (auth: Auth, id: string) => void (await w.net.control.declineInvitation(id), await f.refresh(auth, id).expect(200))],
  ])('when the invitation is already %s, then POST again answers 200 with it unchanged and calls no platform', async (status, reach) => {
    const { auth, id } = await fresh();
    await f.invite(auth, id).expect(201);
    await reach(auth, id);
    const before = await f.invitation(auth, id);
    f.platformCalls.splice(0);

    const res = await f.invite(auth, id);

    expect(res.status).toBe(200);
    expect(res.body).toEqual(before);
    expect(res.body.status).toBe(status);
    expect(f.platformCalls).toEqual([]);
  });

  it('when the driver accepts in the app, then refresh persists bound under review, and the review ends approved with time', async () => {
    const { auth, id } = await fresh();
    await f.invite(auth, id).expect(201);
    await w.net.control.acceptInvitation(id);
    expect((await f.invitation(auth, id)).status).toBe('invited');

    const res = await f.refresh(auth, id);

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'bound', reviewStatus: 'under_review', acceptedAt: now() });
    expect(await f.invitation(auth, id)).toEqual(res.body);
    expect((await w.request.get(`/v1/drivers/${id}`).set(auth)).body.platforms).toEqual(['platform_a']);
    await f.advance(PAST_DRIVER_REVIEW);
    expect(await f.invitation(auth, id)).toMatchObject({ status: 'bound', reviewStatus: 'approved' });
    expect((await f.refresh(auth, id).expect(200)).body.reviewStatus).toBe('approved');
  });

  it('when the driver declines, then refresh persists rejected', async () => {
    const { auth, id } = await fresh();
    await f.invite(auth, id).expect(201);
    await w.net.control.declineInvitation(id);

    const res = await f.refresh(auth, id);

    expect(res.body).toMatchObject({ status: 'rejected', reviewStatus: 'rejected', acceptedAt: null });
  });

  it('when the driver accepts and the background sync runs, then the stored state is bound without a refresh', async () => {
    const { auth, id } = await fresh();
    await f.invite(auth, id).expect(201);
    await w.net.control.acceptInvitation(id);

    await w.services.sync.runDue();

    expect((await f.invitation(auth, id)).status).toBe('bound');
  });

  it('when the driver has accepted, then whatsapp is locked (409); after DELETE it is unlocked and a new POST invites again', async () => {
    const { auth, id } = await fresh();
    await f.boundDriver(auth, id);
    const patch = (whatsapp: string) => w.request.patch(`/v1/drivers/${id}`).set(auth).send({ whatsapp });
    expect((await patch('3399998888').expect(409)).body.error.code).toBe('CONFLICT');

    const res = await w.request.delete(`/v1/drivers/${id}/invitations/platform_a`).set(auth);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ platform: 'platform_a', status: 'none', reviewStatus: null, invitedAt: null, acceptedAt: null });
    expect(await f.invitation(auth, id)).toEqual(res.body);
    expect(await w.net.platformA.getInvitation(id)).toMatchObject({ status: 'none' });
    expect((await w.request.get(`/v1/drivers/${id}`).set(auth)).body.platforms).toEqual([]);
    await patch('3399998888').expect(200);
    expect((await f.invite(auth, id).expect(201)).body.status).toBe('invited');
  });

  it('when the driver accepts in the app and no read of the API has seen it yet, then a whatsapp change reads platform_a first and answers 409', async () => {
    const { auth, id } = await fresh();
    await f.invite(auth, id).expect(201);
    await w.net.control.acceptInvitation(id);

    const res = await w.request.patch(`/v1/drivers/${id}`).set(auth).send({ whatsapp: '3399997777', name: 'Otro Nombre' });

    expect(res.status).toBe(409);
    expect(res.body.error.details).toEqual([{ field: 'whatsapp', message: 'WhatsApp bloqueado por platform_a' }]);
    const driver = (await w.request.get(`/v1/drivers/${id}`).set(auth)).body;
    expect(driver.name).not.toBe('Otro Nombre');
    expect(driver.invitations[0]).toMatchObject({ status: 'bound', acceptedAt: now() });
  });

  it('when the driver is invited and has not accepted, then a whatsapp change reads platform_a and goes through', async () => {
    const { auth, id } = await fresh();
    await f.invite(auth, id).expect(201);

    const res = await w.request.patch(`/v1/drivers/${id}`).set(auth).send({ whatsapp: '3399996666' });

    expect(res.status).toBe(200);
    expect(res.body.whatsapp).toBe('+523399996666');
  });

  it('when the driver accepted unseen and the world\'s platform_a fails, then what is stored decides: the change goes through, as before the read', async () => {
    const { auth, id } = await fresh();
    const tenantId = (await w.request.get('/v1/me').set(auth)).body.tenantId;
    await f.invite(auth, id).expect(201);
    await w.net.control.acceptInvitation(id);
    await w.request.post(`/_testbed/tenants/${tenantId}/faults`).send({ platform: 'platform_a', mode: 'error' }).expect(200);

    const res = await w.request.patch(`/v1/drivers/${id}`).set(auth).send({ whatsapp: '3399995555' });

    expect(res.status).toBe(200);
    expect((await f.invitation(auth, id)).status).toBe('invited');
  });

  it.each(['invited', 'none'])('when the invitation is %s, then DELETE answers 200 with status none', async (status) => {
    const { auth, id } = await fresh();
    if (status === 'invited') await f.invite(auth, id).expect(201);

    const res = await w.request.delete(`/v1/drivers/${id}/invitations/platform_a`).set(auth);

    expect(res.status).toBe(200);
    expect(res.body.status).toBe('none');
    expect(await w.net.platformA.getInvitation(id)).toSatisfy((live) => live === null || live.status === 'none');
  });

  it('when platform_a says the number belongs to a driver of another fleet (magic 0003), then 409 DRIVER_BOUND_ELSEWHERE and nothing stored', async () => {
    const { auth } = w.newTenant();
    const id = await f.driver(auth, '0003');

    const res = await f.invite(auth, id);

    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('DRIVER_BOUND_ELSEWHERE');
    expect((await f.invitation(auth, id)).status).toBe('none');
  });

  it.each([
    ['POST', (auth: Auth, id: string) => f.invite(auth, id, 'platform_b')],
    ['refresh', (auth: Auth, id: string) => w.request.post(`/v1/drivers/${id}/invitations/platform_b/refresh`).set(auth)],
    ['DELETE', (auth: Auth, id: string) => w.request.delete(`/v1/drivers/${id}/invitations/platform_b`).set(auth)],
  ])('when %s names platform_b, then 403 PLATFORM_NOT_ENABLED without calling any platform', async (_op, call) => {
    const { auth, id } = await fresh();

    const res = await call(auth, id);

    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('PLATFORM_NOT_ENABLED');
    expect(f.platformCalls).toEqual([]);
    expect((await list(auth, id)).map((i: { status: string }) => i.status)).toEqual(['none', 'none']);
  });

  it('when the invitation is none, then refresh answers 409 CONFLICT without calling the platform', async () => {
    const { auth, id } = await fresh();

    const res = await f.refresh(auth, id);

    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('CONFLICT');
    expect(f.platformCalls).toEqual([]);
  });
});
