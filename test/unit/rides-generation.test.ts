import { afterEach, describe, expect, it } from 'vitest';
import { addDays, dayStartMs, eachDay, isCalendarDate, mexicoCityDate } from '../../server/lib/mexico-city.ts';
import { makeSimWorld, type SimWorld } from '../support/sim-rides.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const TODAY = '2026-03-02'; // START is 09:00 in Mexico City
const worlds: SimWorld[] = [];
const world = (seed = 42) => {
  const w = makeSimWorld(seed);
  worlds.push(w);
  return w;
};
afterEach(() => worlds.splice(0).forEach((w) => w.close()));

describe('Mexico City days (fixed -06:00)', () => {
  it.each([
    ['2026-03-03T05:59:59.999Z', '2026-03-02'],
    ['2026-03-03T06:00:00.000Z', '2026-03-03'],
    ['2026-01-01T05:00:00.000Z', '2025-12-31'],
  ])('when the instant is %s, then the day is %s', (instant, day) => {
    expect(mexicoCityDate(Date.parse(instant))).toBe(day);
  });

  it('when a day starts, then it is 06:00 UTC; a day lasts 24 h and windows include both ends', () => {
    expect(new Date(dayStartMs('2026-03-02')).toISOString()).toBe('2026-03-02T06:00:00.000Z');
    expect(dayStartMs(addDays('2026-02-28', 1)) - dayStartMs('2026-02-28')).toBe(DAY);
    expect(eachDay('2026-02-27', '2026-03-01')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    expect([isCalendarDate('2026-02-30'), isCalendarDate('2028-02-29'), isCalendarDate('2026-3-1')]).toEqual([false, true, false]);
  });
});

describe('ride generation', () => {
  it('when the same window is generated on two fresh data dirs with the same seed, then the rides are identical, ids included', async () => {
    const [a, b, other] = [world(42), world(42), world(43)];
    const read = async (w: SimWorld) => {
      await w.pbFleet('fleet-1', 3);
      await w.generate('fleet-1', '2026-02-20', '2026-03-01');
      return w.pbRides('fleet-1', '2026-02-20', '2026-03-01');
    };
    const [ridesA, ridesB, ridesOther] = [await read(a), await read(b), await read(other)];
    expect(ridesA.length).toBeGreaterThan(100);
    expect(ridesB).toEqual(ridesA);
    expect(ridesOther.map((r) => r.id)).not.toEqual(ridesA.map((r) => r.id));
  });

  it('when a window is generated twice or a day within a longer window, then nothing is duplicated and the day is the same', async () => {
    const [w, alone] = [world(), world()];
    for (const x of [w, alone]) await x.pbFleet('fleet-1', 2);
    const first = await w.generate('fleet-1', '2026-02-22', '2026-02-28');
    const again = await w.generate('fleet-1', '2026-02-22', '2026-02-28');
    await alone.generate('fleet-1', '2026-02-25', '2026-02-25');
    expect(first.platform_b).toMatchObject({ vehicles: 2, days: 14 });
    expect(again.platform_b).toEqual({ vehicles: 2, days: 0, rides: 0 });
    expect((await w.pbRides('fleet-1', '2026-02-22', '2026-02-28')).length).toBe(first.platform_b.rides);
    expect(await alone.pbRides('fleet-1', '2026-02-25', '2026-02-25')).toEqual(await w.pbRides('fleet-1', '2026-02-25', '2026-02-25'));
  });

  it('when a month of a fleet is read, then rides look like Mexico City ride-hailing', async () => {
    const w = world();
    await w.pbFleet('fleet-1', 6);
    await w.generate('fleet-1', '2026-02-01', '2026-02-28');
    const rides = await w.pbRides('fleet-1', '2026-02-01', '2026-02-28');
    const completed = rides.filter((r) => r.state === 'COMPLETED');
    const localHour = (r: Record<string, unknown>) => new Date(Date.parse(String(r.startTime)) - 6 * HOUR).getUTCHours();
    expect(rides.length / (6 * 28)).toBeGreaterThan(5);
    expect(rides.length / (6 * 28)).toBeLessThan(12);
    expect(new Set(rides.map((r) => r.state))).toEqual(new Set(['COMPLETED', 'CANCELLED_BY_PASSENGER', 'CANCELLED_BY_DRIVER', 'CANCELLED_BY_SUPPORT', 'OTHER']));
    expect(completed.length / rides.length).toBeGreaterThan(0.75);
    // The minimum fare is 40 MXN; only a refund settled later (settling) takes a fare below it.
    expect(completed.filter((r) => Number(r.grossAmount) < 40).length / completed.length).toBeLessThan(0.05);
    expect(completed.every((r) => Number(r.grossAmount) > 0)).toBe(true);
    expect(completed.every((r) => Number(r.distanceKm) > 0 && Number(r.netAmount) < Number(r.grossAmount) + Number(r.tipAmount))).toBe(true);
    expect(new Set(rides.map(localHour)).size).toBeGreaterThan(15);
  });

  it('when time passes in the day, then its rides appear as they start and those under way are ONGOING without amounts', async () => {
    const w = world();
    await w.pbFleet('fleet-1', 6);
    const early = await w.pbRides('fleet-1', TODAY, TODAY);
    w.clock.advance(6 * HOUR);
    const later = await w.pbRides('fleet-1', TODAY, TODAY);
    const now = w.clock.nowMs();
    expect(early.every((r) => Date.parse(String(r.startTime)) >= Date.parse('2026-03-02T15:00:00.000Z'))).toBe(true);
    expect(later.length).toBeGreaterThan(early.length);
    expect(later.every((r) => Date.parse(String(r.startTime)) <= now)).toBe(true);
    const ongoing = later.filter((r) => r.state === 'ONGOING');
    expect(ongoing.length).toBeGreaterThan(0);
    expect(ongoing.every((r) => r.endTime === null && r.grossAmount === null && r.netAmount === null)).toBe(true);
    w.clock.advance(3 * HOUR);
    const after = new Map((await w.pbRides('fleet-1', TODAY, TODAY)).map((r) => [r.id, r]));
    expect(ongoing.every((r) => after.get(r.id)!.state !== 'ONGOING')).toBe(true);
  });

  it('when a vehicle is removed during the day, then none of its rides starts after the removal', async () => {
    const w = world();
    const [vehicle] = await w.pbFleet('fleet-1', 1);
    w.clock.advance(3 * HOUR);
    await w.request.delete(`/platform-b/api/v2/vehicles/${vehicle}`).expect(200);
    const removedAt = w.clock.nowMs();
    w.clock.advance(12 * HOUR);
    const rides = await w.pbRides('fleet-1', TODAY, TODAY);
    expect(rides.every((r) => Date.parse(String(r.startTime)) <= removedAt)).toBe(true);
    expect((await w.generate('fleet-1', '2026-02-01', '2026-02-02')).platform_b.vehicles).toBe(0);
  });

  it('when a platform_b vehicle has no driver, then its rides and daily row carry a null driver', async () => {
    const w = world();
    await w.pbFleet('fleet-1', 2, false);
    await w.generate('fleet-1', '2026-02-23', '2026-02-23');
    expect((await w.pbRides('fleet-1', '2026-02-23', '2026-02-23')).every((r) => r.driverExternalId === null)).toBe(true);
    expect((await w.pbDaily('fleet-1', '2026-02-23', '2026-02-23')).map((d) => d.driverExternalId)).toEqual([null]);
  });

  it('when platform_a has an approved vehicle with nobody bound, then it produces no rides for it', async () => {
    const w = world();
    const vehicle = { external_id: 'veh-a1', fleet_id: 'fleet-1', plate: 'PA0001', vin: null, brand: 'Kia', model: 'Rio', year: 2022, color: 'Rojo', city: 'CDMX' };
    await w.request.post('/platform-a/v1/vehicles').send(vehicle).expect(201);
    await w.request.put('/platform-a/v1/vehicles/veh-a1/circulation-card').set('content-type', 'image/png').send(Buffer.from('png')).expect(202);
    await w.request.post('/_control/platform-a/vehicles/veh-a1/review').send({ verdict: 'approved' }).expect(200);
    expect((await w.generate('fleet-1', '2026-02-01', '2026-02-03')).platform_a).toEqual({ vehicles: 0, days: 0, rides: 0 });
    expect(await w.paRides('fleet-1', '2026-02-01', TODAY)).toEqual([]);
  });

  it('when the daily earnings of past days are read, then each row adds up that driver-day rides', async () => {
    const w = world();
    await w.pbFleet('fleet-1', 3);
    w.clock.advance(30 * DAY); // past the 16 settling days: amounts are final
    await w.generate('fleet-1', '2026-02-10', '2026-02-12');
    const rides = await w.pbRides('fleet-1', '2026-02-10', '2026-02-12');
    const daily = await w.pbDaily('fleet-1', '2026-02-10', '2026-02-12');
    const cents = (v: unknown) => Math.round(Number(v ?? 0) * 100);
    for (const d of daily) {
      const mine = rides.filter((r) => r.driverExternalId === d.driverExternalId && mexicoCityDate(Date.parse(String(r.startTime))) === d.date);
      expect(d.trips).toBe(mine.filter((r) => r.state === 'COMPLETED').length);
      expect(cents(d.grossAmount)).toBe(mine.reduce((s, r) => s + cents(r.grossAmount), 0));
      expect(cents(d.netAmount)).toBe(mine.reduce((s, r) => s + cents(r.netAmount), 0));
      expect(Number(d.onlineHours)).toBeGreaterThan(0);
    }
    expect(daily.length).toBeGreaterThanOrEqual(6);
  });
});

describe('settling', () => {
  it('when platform_b is read during the 16 days after a service day, then amounts may change; after them, never again', async () => {
    const w = world();
    await w.pbFleet('fleet-1', 8);
    const day = '2026-03-01';
    await w.generate('fleet-1', day, day);
    const amounts = async () => (await w.pbRides('fleet-1', day, day)).map((r) => [r.id, r.grossAmount, r.tipAmount, r.netAmount]);
    const dayAfter = await amounts();
    w.clock.advance(dayStartMs(addDays(day, 17)) - w.clock.nowMs()); // the first instant after the 16 days
    const settled = await amounts();
    w.clock.advance(40 * DAY);
    expect(settled).not.toEqual(dayAfter);
    expect(await amounts()).toEqual(settled);
  });

  it('when platform_a is read days later, then its amounts are those it had when each ride ended', async () => {
    const w = world();
    const fleet = 'fleet-a';
    const bind = async (i: number) => {
      const [v, d] = [`veh-pa-${i}`, `drv-pa-${i}`];
      await w.request.post('/platform-a/v1/vehicles').send({ external_id: v, fleet_id: fleet, plate: `PA00${i}`, vin: null, brand: 'Kia', model: 'Rio', year: 2022, color: 'Rojo', city: 'CDMX' }).expect(201);
      await w.request.put(`/platform-a/v1/vehicles/${v}/circulation-card`).set('content-type', 'image/png').send(Buffer.from('png')).expect(202);
      await w.request.post(`/_control/platform-a/vehicles/${v}/review`).send({ verdict: 'approved' }).expect(200);
      await w.request.post('/platform-a/v1/drivers').send({ external_id: d, fleet_id: fleet, name: 'Luis', whatsapp: `550000${i}777` }).expect(201);
      await w.request.post(`/_control/platform-a/drivers/${d}/accept`).expect(200);
      return [v, d];
    };
    const pairs = [await bind(1), await bind(2)];
    w.clock.advance(13 * HOUR); // the drivers' own review ends
    for (const [v, d] of pairs) await w.request.post(`/platform-a/v1/vehicles/${v}/drivers`).send({ driver_external_id: d }).expect(201);
    expect((await w.generate(fleet, '2026-02-24', '2026-02-26')).platform_a.vehicles).toBe(2);
    const before = await w.paRides(fleet, '2026-02-24', '2026-02-26');
    w.clock.advance(20 * DAY);
    expect(before.length).toBeGreaterThan(20);
    expect(await w.paRides(fleet, '2026-02-24', '2026-02-26')).toEqual(before);
  });
});
