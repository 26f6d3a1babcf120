import { describe, expect, it } from 'vitest';
import { worldForSuite } from '../support/process.ts';

/**
 * Truly parallel requests against one real `fleet-sim serve` (loopback HTTP, Promise.all): the
 * uniqueness rules and the one-active-assignment rule must hold under races, never as a 5xx.
 */
describe('concurrency against a real server', () => {
  const { api } = worldForSuite('Flota Concurrencia', { FLEET_CLOCK_START: '2026-05-04T12:00:00.000Z', FLEET_SEED: '23' });
  let seq = 0;
  const next = () => String(++seq).padStart(4, '0');

  const parallel = <T>(n: number, make: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => make(i)));
  /** Status → count, e.g. { 201: 1, 409: 19 }. */
  const tally = (answers: { status: number }[]) =>
    answers.reduce<Record<number, number>>((acc, { status }) => ({ ...acc, [status]: (acc[status] ?? 0) + 1 }), {});
  const vehicleBody = (extra: Record<string, unknown> = {}) => {
    const n = next();
    return { plate: `CC-${n}`, brand: 'Kia', model: 'Rio', year: 2023, color: 'Rojo', city: 'Guadalajara', vin: `3VWFE21C04M20${n}`, ...extra };
  };
  const vehicle = async () => {
    const res = await api('POST', '/v1/vehicles', vehicleBody());
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const driver = async () => {
    const res = await api('POST', '/v1/drivers', { name: 'Luis Gómez', whatsapp: `33${next()}7777`, city: 'Guadalajara' });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const expectEnvelopes = (answers: { status: number; body: any }[], code: number) => {
    for (const a of answers.filter((x) => x.status === code)) expect(a.body.error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  };

  it('when 20 vehicles with one plate are created at once, then exactly one 201 and 19 × 409', async () => {
    const plate = 'RACE-01';
    const answers = await parallel(20, () => api('POST', '/v1/vehicles', vehicleBody({ plate })));

    expect(tally(answers)).toEqual({ 201: 1, 409: 19 });
    expectEnvelopes(answers, 409);
    const list = await api('GET', '/v1/vehicles?limit=100');
    expect(list.body.data.filter((v: { plate: string }) => v.plate === plate)).toHaveLength(1);
  });

  it('when 20 vehicles with one VIN are created at once, then exactly one 201 and 19 × 409', async () => {
    const vin = '1HGCM82633A004352';
    const answers = await parallel(20, () => api('POST', '/v1/vehicles', vehicleBody({ vin })));

    expect(tally(answers)).toEqual({ 201: 1, 409: 19 });
    expectEnvelopes(answers, 409);
    const list = await api('GET', '/v1/vehicles?limit=100');
    expect(list.body.data.filter((v: { vin: string | null }) => v.vin === vin)).toHaveLength(1);
  });

  it('when 20 drivers with one Mexican number in three spellings are created at once, then exactly one 201 and 19 × 409', async () => {
    const spellings = ['5587654321', '+525587654321', '+5215587654321'];
    const answers = await parallel(20, (i) =>
      api('POST', '/v1/drivers', { name: `Conductor ${i}`, whatsapp: spellings[i % 3], city: 'Ciudad de México' }));

    expect(tally(answers)).toEqual({ 201: 1, 409: 19 });
    expectEnvelopes(answers, 409);
    const byNumber = await api('GET', '/v1/drivers?whatsapp=%2B525587654321');
    expect(byNumber.status).toBe(200);
    expect(byNumber.body.data).toHaveLength(1);
  });

  it('when one vehicle is assigned to 20 drivers at once, then all 201 and exactly one assignment is active', async () => {
    const vehicleId = await vehicle();
    const drivers = await parallel(20, () => driver());

    const answers = await parallel(20, (i) => api('POST', '/v1/assignments', { vehicleId, driverId: drivers[i] }));

    expect(tally(answers)).toEqual({ 201: 20 });
    const active = await api('GET', `/v1/assignments?vehicleId=${vehicleId}&status=active`);
    expect(active.status).toBe(200);
    expect(active.body.data).toHaveLength(1);
    expect(drivers).toContain(active.body.data[0].driverId);
  });

  it('when one vehicle is registered on platform_b 10 times at once, then one registration and no 5xx', async () => {
    const vehicleId = await vehicle();

    const answers = await parallel(10, () => api('POST', `/v1/vehicles/${vehicleId}/registrations`, { platform: 'platform_b' }));

    const statuses = tally(answers);
    console.info(`parallel platform_b registrations: ${JSON.stringify(statuses)}`);
    expect(answers.every((a) => a.status === 200 || a.status === 201)).toBe(true);
    // The list names both platforms; platform_a stays `none`.
    const list = await api('GET', `/v1/vehicles/${vehicleId}/registrations`);
    expect(list.body.data.filter((r: { status: string }) => r.status !== 'none'))
      .toEqual([expect.objectContaining({ platform: 'platform_b', status: 'registered' })]);
    // Spec: the first is 201, a repeat is 200.
    expect(statuses[201]).toBe(1);
  });

  it('when one driver is invited on platform_a 10 times at once, then one invitation and no 5xx', async () => {
    const driverId = await driver();

    const answers = await parallel(10, () => api('POST', `/v1/drivers/${driverId}/invitations`, { platform: 'platform_a' }));

    const statuses = tally(answers);
    console.info(`parallel platform_a invitations: ${JSON.stringify(statuses)}`);
    expect(answers.every((a) => a.status === 200 || a.status === 201)).toBe(true);
    expect(statuses[201]).toBe(1);
    // The list names both platforms; platform_b stays `none`.
    const list = await api('GET', `/v1/drivers/${driverId}/invitations`);
    expect(list.body.data.filter((r: { status: string }) => r.status !== 'none'))
      .toEqual([expect.objectContaining({ platform: 'platform_a', status: 'invited' })]);
  });
});
