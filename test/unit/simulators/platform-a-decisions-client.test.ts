import { describe, expect, it } from 'vitest';
import { SimClock } from '../../../server/lib/clock.ts';
import { AppError } from '../../../server/errors.ts';
import { usePlatformNetwork } from '../../support/platform-network.ts';
import { JPEG, START, whatsapp } from './fixtures.ts';

const clock = SimClock.frozenAt(START);
const { platformA, control } = usePlatformNetwork({ clock, seed: 42 });

let n = 0;
/** A vehicle with its card under review and an invited driver, on platform_a. */
async function pair() {
  const externalId = `dec-${++n}`;
  await platformA.registerVehicle({
    externalId, fleetId: 'fleet-1', plate: `DEC${String(n).padStart(4, '0')}`, vin: null,
    brand: 'Nissan', model: 'Versa', year: 2021, color: 'Blanco', city: 'Puebla',
  });
  await platformA.uploadCirculationCard(externalId, { bytes: new Uint8Array(JPEG), contentType: 'image/jpeg' });
  const driverId = `dec-drv-${n}`;
  await platformA.inviteDriver({ externalId: driverId, fleetId: 'fleet-1', name: 'Ana López', whatsapp: whatsapp() });
  return { vehicleId: externalId, driverId };
}

async function appError(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('simulator control client: platform_a decisions in one call', () => {
  it('when vehicles and drivers are decided, then each record comes back in the API vocabulary, as the single calls give it', async () => {
    const [a, b] = [await pair(), await pair()];

    const decided = await control.decidePlatformA({
      vehicles: [{ externalId: a.vehicleId, verdict: 'approved' }, { externalId: b.vehicleId, verdict: 'rejected' }],
      drivers: [{ externalId: a.driverId, answer: 'accept', approveReview: true }, { externalId: b.driverId, answer: 'accept' }],
    });

    expect(decided.vehicles).toEqual([await platformA.getVehicle(a.vehicleId), await platformA.getVehicle(b.vehicleId)]);
    expect(decided.vehicles.map((r) => [r.status, r.approvedAt])).toEqual([['approved', clock.nowIso()], ['rejected', null]]);
    expect(decided.drivers[0].answered).toEqual({
      platform: 'platform_a', platformRef: expect.any(String), status: 'bound', reviewStatus: 'under_review', invitedAt: clock.nowIso(), acceptedAt: clock.nowIso(),
    });
    expect(decided.drivers[0].reviewed).toEqual(await platformA.getInvitation(a.driverId));
    expect(decided.drivers[0].reviewed?.reviewStatus).toBe('approved');
    expect(decided.drivers[1]).toEqual({ answered: await platformA.getInvitation(b.driverId), reviewed: null });
  });

  it('when an item is unknown, then NOT_FOUND names it and nothing was decided', async () => {
    const a = await pair();

    const error = await appError(control.decidePlatformA({
      vehicles: [{ externalId: a.vehicleId, verdict: 'approved' }, { externalId: 'veh-unknown', verdict: 'approved' }],
    }));

    expect([error.code, error.status]).toEqual(['NOT_FOUND', 404]);
    expect(error.message).toBe('El vehículo veh-unknown (vehicles[1]) no está registrado en platform_a: no se decidió nada del lote.');
    // The platform's code and the item, not its English words.
    expect(error.details).toEqual({ code: 'resource_missing', item: { list: 'vehicles', index: 1, externalId: 'veh-unknown' } });
    expect((await platformA.getVehicle(a.vehicleId))?.status).toBe('pending');
  });

  it.each([
    ['already decided vehicle', 'vehicles', 'El vehículo {id} (vehicles[0]) no tiene una revisión pendiente en platform_a: no se decidió nada del lote.'],
    ['driver who already answered', 'drivers', 'La invitación del conductor {id} (drivers[0]) ya no está pendiente de respuesta: no se decidió nada del lote.'],
  ] as const)('when an %s is in the batch, then CONFLICT names it', async (_what, list, message) => {
    const a = await pair();
    if (list === 'vehicles') await control.reviewVehicle(a.vehicleId, { verdict: 'approved' });
    else await control.declineInvitation(a.driverId);
    const id = list === 'vehicles' ? a.vehicleId : a.driverId;

    const error = await appError(control.decidePlatformA(list === 'vehicles'
      ? { vehicles: [{ externalId: id, verdict: 'approved' }] }
      : { drivers: [{ externalId: id, answer: 'accept', approveReview: true }] }));

    expect([error.code, error.status]).toEqual(['CONFLICT', 409]);
    expect(error.message).toBe(message.replace('{id}', id));
  });

  it('when a driver\'s review is asked but it is not under review, then CONFLICT says so', async () => {
    const a = await pair();

    const error = await appError(control.decidePlatformA({ drivers: [{ externalId: a.driverId, approveReview: true }] }));

    expect(error.message).toBe(`El conductor ${a.driverId} (drivers[0]) no tiene una revisión en curso en platform_a: no se decidió nada del lote.`);
    expect((await platformA.getInvitation(a.driverId))?.status).toBe('invited');
  });
});
