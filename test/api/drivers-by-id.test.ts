import { describe, expect, it } from 'vitest';
import { driverHelpers, useFleetApp, type FleetApp } from '../support/fleet-app.ts';

let t: FleetApp['t'];
let fleet: FleetApp['fleet'];
const { patchDriver, createDriver, acceptOnPlatformA } = driverHelpers(useFleetApp((app) => void ({ t, fleet } = app)));

describe('GET /v1/drivers/{id}', () => {
  it.each([['not-a-uuid'], ['00000000-0000-4000-8000-000000000000']])('when the id is %s, then it answers 404 NOT_FOUND', async (id) => {
    const res = await t.request.get(`/v1/drivers/${id}`).set(fleet.auth);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });

  it('when the driver was bound on platform_a, then platforms lists it and the invitation shows the stored state', async () => {
    const driver = await createDriver();
    acceptOnPlatformA(driver.id);
    const res = await t.request.get(`/v1/drivers/${driver.id}`).set(fleet.auth);
    expect(res.body.platforms).toEqual(['platform_a']);
    expect(res.body.invitations[0]).toEqual({ platform: 'platform_a', status: 'bound', reviewStatus: 'approved', invitedAt: '2026-03-01T00:00:00.000Z', acceptedAt: '2026-03-01T01:00:00.000Z' });
  });
});

describe('PATCH /v1/drivers/{id}', () => {
  it('when fields are changed, then they are saved, nullable ones can be cleared and unknown fields are ignored', async () => {
    const driver = await createDriver({ email: 'ana@example.com', license: 'LIC-1' });
    t.deps.clocks.service.advance(60_000);
    const res = await patchDriver(driver.id, { name: ' Ana María ', city: 'queretaro', email: null, license: null, id: 'x', platforms: ['platform_b'] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: driver.id, name: 'Ana María', city: 'Querétaro', email: null, license: null, platforms: [], createdAt: driver.createdAt, updatedAt: '2026-03-02T15:01:00.000Z' });
    expect((await t.request.get(`/v1/drivers/${driver.id}`).set(fleet.auth)).body).toEqual(res.body);
  });

  it.each([
    [{ name: 'a' }, 'VALIDATION'], [{ name: 'x'.repeat(201) }, 'VALIDATION'], [{ city: 'c'.repeat(81) }, 'VALIDATION'],
    [{ license: 'L'.repeat(41) }, 'VALIDATION'], [{ email: 'nope' }, 'VALIDATION'], [{ name: null }, 'VALIDATION'],
    [{ whatsapp: '12345' }, 'INVALID_PHONE'], [{ whatsapp: null }, 'VALIDATION'],
  ])('when the patch is %j, then it answers 400 %s', async (body, code) => {
    const driver = await createDriver();
    const res = await patchDriver(driver.id, body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(code);
  });

  it.each([['x'.repeat(200)], ['ab']])('when the name has a boundary length (%#), then it is saved', async (name) => {
    const driver = await createDriver();
    expect((await patchDriver(driver.id, { name })).body.name).toBe(name);
  });

  it('when whatsapp becomes a number another tenant uses in another form, then it answers 409 naming whatsapp', async () => {
    await createDriver({ whatsapp: '+5215512349999' }, t.newTenant('Flota Dos').auth);
    const driver = await createDriver();
    const res = await patchDriver(driver.id, { whatsapp: '5512349999' });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/whatsapp/i) });
  });

  it('when the driver accepted the platform_a invitation and whatsapp changes, then it answers 409 and nothing is saved', async () => {
    const driver = await createDriver({ whatsapp: '5512341111' });
    acceptOnPlatformA(driver.id);
    const res = await patchDriver(driver.id, { whatsapp: '5512342222', name: 'Otro Nombre' });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'CONFLICT', details: [expect.objectContaining({ field: 'whatsapp' })] });
    expect((await t.request.get(`/v1/drivers/${driver.id}`).set(fleet.auth)).body).toMatchObject({ whatsapp: '+525512341111', name: driver.name });
  });

  it.each(['5512341111', '+525512341111', '+5215512341111'])(
    'when the driver accepted and whatsapp is sent again as %j (the same number), then 200 and the stored number does not change',
    async (whatsapp) => {
      const driver = await createDriver({ whatsapp: '+525512341111' });
      acceptOnPlatformA(driver.id);
      const res = await patchDriver(driver.id, { whatsapp });
      expect(res.status).toBe(200);
      expect(res.body.whatsapp).toBe('+525512341111');
      expect(t.deps.db.prepare('SELECT whatsapp FROM drivers WHERE id = ?').pluck().get(driver.id)).toBe('+525512341111');
    },
  );

  it('when the driver was only invited (not accepted), then whatsapp can still change', async () => {
    const driver = await createDriver();
    t.deps.db.prepare(`UPDATE driver_invitations SET status = 'invited', invited_at = ? WHERE driver_id = ? AND platform = 'platform_a'`).run('2026-03-01T00:00:00.000Z', driver.id);
    expect((await patchDriver(driver.id, { whatsapp: '+15550001111' })).status).toBe(200);
  });

  it('when the driver belongs to another tenant, then it answers 404 and the driver is unchanged', async () => {
    const other = t.newTenant('Flota Dos');
    const theirs = await createDriver({}, other.auth);
    expect((await patchDriver(theirs.id, { name: 'Intruso' })).status).toBe(404);
    expect((await t.request.get(`/v1/drivers/${theirs.id}`).set(other.auth)).body.name).toBe(theirs.name);
  });
});
