import { describe, expect, it } from 'vitest';
import { HOUR, makeSimulators, paDriverBody, whatsapp } from './fixtures.ts';

const { request, clock, db } = makeSimulators();

async function invited(overrides: Record<string, unknown> = {}) {
  const body = paDriverBody(overrides);
  const res = await request.post('/platform-a/v1/drivers').send(body);
  expect(res.status).toBe(201);
  return body.external_id;
}

const get = async (externalId: string) => (await request.get(`/platform-a/v1/drivers/${externalId}`)).body.driver;
const control = (externalId: string, answer: 'accept' | 'decline') =>
  request.post(`/_control/platform-a/drivers/${externalId}/${answer}`);
const dueOf = (externalId: string, column: 'review_ends_at' | 'suspend_at') =>
  (db.prepare(`SELECT ${column} AS due FROM pa_drivers WHERE external_id = ?`).get(externalId) as { due: number | null }).due;

describe('platform_a driver invitations', () => {
  it('when a driver is invited, then the invitation is open: invited, review pending', async () => {
    const res = await request.post('/platform-a/v1/drivers').send(paDriverBody({ external_id: 'drv-new' }));
    expect(res.status).toBe(201);
    expect(res.body.driver).toMatchObject({
      external_id: 'drv-new', status: 'invited', review_status: 'pending', invited_at: clock.nowIso(), accepted_at: null,
    });
  });

  it('when the same driver is invited again, then the standing invitation comes back with 200', async () => {
    const body = paDriverBody();
    const first = await request.post('/platform-a/v1/drivers').send(body);
    await control(body.external_id, 'decline');
    const again = await request.post('/platform-a/v1/drivers').send(body);
    expect(again.status).toBe(200);
    expect(again.body.driver).toMatchObject({ id: first.body.driver.id, status: 'rejected' });
  });

  it('when the driver accepts, then they are bound, under review, and approved 1 to 12 simulated hours later', async () => {
    const id = await invited();
    const accepted = await control(id, 'accept');
    expect(accepted.body.driver).toMatchObject({ status: 'bound', review_status: 'under_review', accepted_at: clock.nowIso() });
    const due = dueOf(id, 'review_ends_at')!;
    expect(due - clock.nowMs()).toBeGreaterThanOrEqual(1 * HOUR);
    expect(due - clock.nowMs()).toBeLessThanOrEqual(12 * HOUR);
    clock.setState({ frozenAtMs: due - 1, offsetMs: 0 });
    expect((await get(id)).review_status).toBe('under_review');
    clock.setState({ frozenAtMs: due, offsetMs: 0 });
    expect(await get(id)).toMatchObject({ status: 'bound', review_status: 'approved' });
  });

  it('when the driver declines, then the invitation is rejected, review rejected', async () => {
    const id = await invited();
    const res = await control(id, 'decline');
    expect(res.body.driver).toMatchObject({ status: 'rejected', review_status: 'rejected', accepted_at: null });
  });

  it('when an answered invitation is answered again, then control answers 409', async () => {
    const id = await invited();
    await control(id, 'accept');
    const res = await control(id, 'decline');
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('invitation_not_open');
    expect((await get(id)).status).toBe('bound');
  });

  it('when the whatsapp ends in 0001, then the driver accepts by themself one simulated hour later', async () => {
    const id = await invited({ whatsapp: whatsapp('0001') });
    const invitedAt = clock.nowMs();
    clock.advance(HOUR - 1);
    expect((await get(id)).status).toBe('invited');
    clock.advance(30 * HOUR);
    expect(await get(id)).toMatchObject({
      status: 'bound', review_status: 'approved', accepted_at: new Date(invitedAt + HOUR).toISOString(),
    });
  });

  it('when the whatsapp ends in 0002, then the driver declines by themself one simulated hour later', async () => {
    const id = await invited({ whatsapp: whatsapp('0002') });
    clock.advance(HOUR);
    expect(await get(id)).toMatchObject({ status: 'rejected', review_status: 'rejected' });
  });

  it('when the whatsapp ends in 0004, then the driver is approved, then suspended 24 simulated hours later', async () => {
    const id = await invited({ whatsapp: whatsapp('0004') });
    clock.advance(HOUR);
    expect((await get(id)).review_status).toBe('under_review');
    const approvedAt = dueOf(id, 'review_ends_at')!;
    clock.setState({ frozenAtMs: approvedAt, offsetMs: 0 });
    expect((await get(id)).review_status).toBe('approved');
    expect(dueOf(id, 'suspend_at')).toBe(approvedAt + 24 * HOUR);
    clock.advance(24 * HOUR);
    expect(await get(id)).toMatchObject({ status: 'bound', review_status: 'suspended' });
  });

  it('when the whatsapp ends in 0003, then the invitation fails as bound to another fleet', async () => {
    const res = await request.post('/platform-a/v1/drivers').send(paDriverBody({ whatsapp: whatsapp('0003') }));
    expect(res.status).toBe(409);
    expect(res.body.error.type).toBe('driver_bound_elsewhere');
  });

  it('when the phone is bound to another fleet, then inviting it here fails; an unanswered one elsewhere does not block', async () => {
    const phone = whatsapp();
    const other = await invited({ fleet_id: 'fleet-other', whatsapp: phone });
    const before = await request.post('/platform-a/v1/drivers').send(paDriverBody({ whatsapp: phone }));
    expect(before.status).toBe(201);
    await control(other, 'accept');
    const after = await request.post('/platform-a/v1/drivers').send(paDriverBody({ whatsapp: phone }));
    expect(after.status).toBe(409);
    expect(after.body.error.type).toBe('driver_bound_elsewhere');
  });

  it('when a bound driver is cancelled, then the invitation reads cancelled and a new invitation starts over', async () => {
    const id = await invited();
    await control(id, 'accept');
    const cancelled = await request.delete(`/platform-a/v1/drivers/${id}`);
    expect(cancelled.body.driver).toMatchObject({ status: 'cancelled', review_status: null, invited_at: null, accepted_at: null });
    clock.advance(13 * HOUR);
    expect((await get(id)).review_status).toBeNull();
    const again = await request.post('/platform-a/v1/drivers').send(paDriverBody({ external_id: id }));
    expect(again.status).toBe(201);
    expect(again.body.driver).toMatchObject({ id: cancelled.body.driver.id, status: 'invited', review_status: 'pending' });
  });

  it('when an unknown driver is read, answered or cancelled, then 404', async () => {
    expect((await request.get('/platform-a/v1/drivers/nobody')).status).toBe(404);
    expect((await request.delete('/platform-a/v1/drivers/nobody')).status).toBe(404);
    expect((await control('nobody', 'accept')).status).toBe(404);
  });
});
