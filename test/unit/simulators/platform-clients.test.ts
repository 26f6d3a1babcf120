import { describe, expect, it } from 'vitest';
import { SimClock } from '../../../server/lib/clock.ts';
import { AppError } from '../../../server/errors.ts';
import { usePlatformNetwork } from '../../support/platform-network.ts';
import { HOUR, JPEG, START, whatsapp } from './fixtures.ts';

const clock = SimClock.frozenAt(START);
const net = usePlatformNetwork({ clock, seed: 42 });
const { platformA, platformB, control } = net;

let n = 0;
const vehicleA = (overrides: Partial<Parameters<typeof platformA.registerVehicle>[0]> = {}) => ({
  externalId: `veh-${++n}`, fleetId: 'fleet-1', plate: `CLI${String(n).padStart(4, '0')}`, vin: null,
  brand: 'Nissan', model: 'Versa', year: 2021, color: 'Blanco', city: 'Puebla', ...overrides,
});
const vehicleB = (overrides: Partial<Parameters<typeof platformB.registerVehicle>[0]> = {}) => ({
  ...vehicleA(), vin: `3N1CN7AD5KL${String(n).padStart(6, '0')}`, ...overrides,
});
const driver = (overrides: Record<string, string> = {}) => ({
  externalId: `drv-${++n}`, fleetId: 'fleet-1', name: 'Ana López', whatsapp: whatsapp(), ...overrides,
});

/** The AppError a promise rejects with, so a test can check code and status together. */
async function appError(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('platform_a client', () => {
  it('registers, uploads the card and reads the verdict in the API vocabulary', async () => {
    const input = vehicleA();
    const first = await platformA.registerVehicle(input);
    expect(first).toEqual({ created: true, registration: {
      platform: 'platform_a', platformRef: expect.any(String), status: 'pending', documentsRequired: true,
      docStatus: 'not_submitted', docReviewStatus: null, registeredAt: clock.nowIso(), approvedAt: null,
    } });
    expect((await platformA.registerVehicle(input)).created).toBe(false);
    const card = await platformA.uploadCirculationCard(input.externalId, { bytes: new Uint8Array(JPEG), contentType: 'image/jpeg' });
    expect(card).toMatchObject({ sizeBytes: JPEG.length, submittedAt: clock.nowIso(), registration: { docStatus: 'submitted', docReviewStatus: 'pending' } });
    const decided = await control.reviewVehicle(input.externalId, { verdict: 'rejected', card: 'rejected' });
    expect(decided).toMatchObject({ status: 'rejected', docReviewStatus: 'rejected' });
    expect(await platformA.getVehicle(input.externalId)).toEqual(decided);
    expect((await platformA.removeVehicle(input.externalId))?.status).toBe('removed');
  });

  it('maps an unknown vehicle to null and a card for it to CONFLICT', async () => {
    expect(await platformA.getVehicle('veh-unknown')).toBeNull();
    const error = await appError(platformA.uploadCirculationCard('veh-unknown', { bytes: new Uint8Array(JPEG), contentType: 'image/jpeg' }));
    expect(error.code).toBe('CONFLICT');
  });

  it('maps a card that is not an image to INVALID_FILE_TYPE', async () => {
    const { externalId } = vehicleA();
    await platformA.registerVehicle({ ...vehicleA(), externalId });
    const error = await appError(platformA.uploadCirculationCard(externalId, { bytes: new Uint8Array([1]), contentType: 'application/pdf' }));
    expect(error.code).toBe('INVALID_FILE_TYPE');
  });

  it('invites, and sees accept, review and cancel as the API Invitation fields', async () => {
    const input = driver();
    const sent = await platformA.inviteDriver(input);
    expect(sent).toEqual({ created: true, invitation: {
      platform: 'platform_a', platformRef: expect.any(String), status: 'invited', reviewStatus: 'pending',
      invitedAt: clock.nowIso(), acceptedAt: null,
    } });
    expect(await control.acceptInvitation(input.externalId)).toMatchObject({ status: 'bound', reviewStatus: 'under_review', acceptedAt: clock.nowIso() });
    clock.advance(12 * HOUR);
    expect((await platformA.getInvitation(input.externalId))?.reviewStatus).toBe('approved');
    expect(await platformA.cancelInvitation(input.externalId)).toMatchObject({ status: 'none', reviewStatus: null, invitedAt: null, acceptedAt: null });
    expect(await platformA.getInvitation('drv-unknown')).toBeNull();
  });

  it('maps a phone bound to another fleet to DRIVER_BOUND_ELSEWHERE (409)', async () => {
    const error = await appError(platformA.inviteDriver(driver({ whatsapp: whatsapp('0003') })));
    expect([error.code, error.status]).toEqual(['DRIVER_BOUND_ELSEWHERE', 409]);
  });

  it('turns bind answers into bound, not_ready and refused results', async () => {
    const [v, d, fb] = [vehicleA(), driver(), vehicleA({ plate: 'FB00001' })];
    await platformA.registerVehicle(v);
    await platformA.registerVehicle(fb);
    await platformA.inviteDriver(d);
    expect(await platformA.bindDriver(v.externalId, d)).toMatchObject({ outcome: 'not_ready', reason: 'vehicle_not_ready' });
    for (const x of [v, fb]) {
      await platformA.uploadCirculationCard(x.externalId, { bytes: new Uint8Array(JPEG), contentType: 'image/jpeg' });
      await control.reviewVehicle(x.externalId, { verdict: 'approved' });
    }
    expect(await platformA.bindDriver(v.externalId, d)).toMatchObject({ outcome: 'not_ready', reason: 'driver_not_ready' });
    await control.acceptInvitation(d.externalId);
    clock.advance(12 * HOUR);
    expect(await platformA.bindDriver(v.externalId, d)).toEqual({ outcome: 'bound', platformRef: expect.any(String), boundAt: clock.nowIso() });
    expect(await control.listBindings('platform_a')).toContainEqual({ vehicleExternalId: v.externalId, driverExternalId: d.externalId, boundAt: clock.nowIso() });
    expect(await platformA.bindDriver(fb.externalId, d)).toMatchObject({ outcome: 'refused' });
    expect(await platformA.unbindDriver(v.externalId, d.externalId)).toEqual({ unbound: true });
    expect(await platformA.unbindDriver(v.externalId, d.externalId)).toEqual({ unbound: false });
  });
});

describe('platform_b client', () => {
  it('registers at once, reads, removes, and maps registrations to the API fields', async () => {
    const input = vehicleB();
    const result = await platformB.registerVehicle(input);
    expect(result).toEqual({ created: true, registration: {
      platform: 'platform_b', platformRef: expect.any(String), status: 'registered', documentsRequired: false,
      docStatus: null, docReviewStatus: null, registeredAt: clock.nowIso(), approvedAt: null,
    } });
    expect((await platformB.registerVehicle(input)).created).toBe(false);
    expect(await platformB.getVehicle(input.externalId)).toEqual(result.registration);
    expect((await platformB.removeVehicle(input.externalId))?.status).toBe('removed');
    expect(await platformB.getVehicle('veh-unknown')).toBeNull();
  });

  it.each([
    ['plate', (taken: ReturnType<typeof vehicleB>) => ({ plate: taken.plate })],
    ['vin', (taken: ReturnType<typeof vehicleB>) => ({ vin: taken.vin })],
  ])('maps a %s held by another fleet to ALREADY_REGISTERED naming the field', async (field, clash) => {
    const taken = vehicleB({ fleetId: 'fleet-other' });
    await platformB.registerVehicle(taken);
    const error = await appError(platformB.registerVehicle(vehicleB(clash(taken))));
    expect([error.code, error.status, error.details]).toEqual(['ALREADY_REGISTERED', 409, { field }]);
  });

  it('maps a vehicle the platform will not take (RB…) to PLATFORM_REJECTED (422) with its words in details', async () => {
    const error = await appError(platformB.registerVehicle(vehicleB({ plate: 'RB00001' })));
    expect([error.code, error.status]).toEqual(['PLATFORM_REJECTED', 422]);
    expect(error.details).toMatchObject({ platform: 'platform_b', status: 422, code: 'vehicle-rejected' });
  });

  it('turns assignment answers into bound, not_ready and refused results', async () => {
    const [v, fb, d] = [vehicleB(), vehicleB({ plate: 'FB00002' }), driver()];
    expect(await platformB.bindDriver(v.externalId, d)).toMatchObject({ outcome: 'not_ready', reason: 'vehicle_not_ready' });
    await platformB.registerVehicle(v);
    await platformB.registerVehicle(fb);
    expect(await platformB.bindDriver(v.externalId, d)).toMatchObject({ outcome: 'bound', boundAt: clock.nowIso() });
    expect(await platformB.bindDriver(fb.externalId, d)).toMatchObject({ outcome: 'refused' });
    expect(await control.listBindings('platform_b')).toContainEqual({ vehicleExternalId: v.externalId, driverExternalId: d.externalId, boundAt: clock.nowIso() });
    expect(await platformB.unbindDriver(v.externalId, d.externalId)).toEqual({ unbound: true });
    expect(await platformB.unbindDriver(v.externalId, d.externalId)).toEqual({ unbound: false });
  });
});

describe('simulator control client', () => {
  it('pushes the clock and answers health', async () => {
    const state = clock.getState();
    expect(await control.setClock(state)).toEqual({ now: clock.nowIso(), ...state, fleets: {} });
    expect(await control.getClock()).toEqual({ now: clock.nowIso(), ...state, fleets: {} });
    expect(await control.health()).toMatchObject({ status: 'ok', now: clock.nowIso() });
  });

  it('maps a review without a pending one to CONFLICT and an unknown driver to NOT_FOUND', async () => {
    const v = vehicleA();
    await platformA.registerVehicle(v);
    expect((await appError(control.reviewVehicle(v.externalId, { verdict: 'approved' }))).code).toBe('CONFLICT');
    expect((await appError(control.declineInvitation('drv-unknown'))).code).toBe('NOT_FOUND');
  });

  it('sets a fault that the platform client then sees as PLATFORM_UNAVAILABLE', async () => {
    expect(await control.setFault('platform_b', 'error')).toEqual({ platform: 'platform_b', mode: 'error', ms: 0 });
    expect((await appError(platformB.getVehicle('any'))).code).toBe('PLATFORM_UNAVAILABLE');
    await control.setFault('platform_b', 'none');
    expect(await platformB.getVehicle('any')).toBeNull();
  });
});
