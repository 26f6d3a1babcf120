import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestbed, TestbedError, type StartedTestbed, type World } from '../../testing/index.ts';

const vehicle = (plate: string, vin: string) => ({ plate, vin, brand: 'Nissan', model: 'Versa', year: 2023, color: 'blanco' });

describe('fleet-testbed/testing: world.faults', () => {
  let testbed: StartedTestbed;
  beforeAll(async () => void (testbed = await startTestbed()), 60_000);
  afterAll(() => testbed?.stop());

  const registerOnB = async (world: World, plate: string, vin: string) => {
    const created = await world.client.POST('/v1/vehicles', { body: vehicle(plate, vin) });
    return world.client.POST('/v1/vehicles/{id}/registrations', { params: { path: { id: created.data!.id } }, body: { platform: 'platform_b' } });
  };

  it('when a rule is added, then the world\'s requests meet it, its hits are read live, and clear() lets requests through', async () => {
    const world = await testbed.createWorld();
    const rule = await world.faults.add({ effect: 'internal', operation: 'listVehicles', times: 3 });

    const first = await world.client.GET('/v1/vehicles');
    const hitsAfterOne = await rule.hits();
    const cleared = await world.faults.clear();
    const after = await world.client.GET('/v1/vehicles');

    expect(rule).toMatchObject({ id: 'flt_1', effect: 'internal', operation: 'listVehicles', times: 3 });
    expect(first.response.status).toBe(500);
    expect(first.response.headers.get('x-testbed-fault')).toBe('flt_1');
    expect(hitsAfterOne).toBe(1);
    expect(cleared).toEqual({ deleted: 1 });
    expect(after.response.status).toBe(200);
    await expect(rule.hits()).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND', message: expect.stringMatching(/^La regla de falla flt_\d+ de este mundo no existe\.$/) });
  });

  it('when a bad rule is added, then it is refused with the testbed\'s VALIDATION naming the field', async () => {
    const world = await testbed.createWorld();

    const refused = world.faults.add({ effect: 'internal', probability: 2 });

    await expect(refused).rejects.toBeInstanceOf(TestbedError);
    await expect(refused).rejects.toMatchObject({ code: 'VALIDATION', status: 400 });
    expect(JSON.stringify(await refused.catch((e: TestbedError) => e.details))).toContain('probability');
  });

  it('when one world\'s platform_b fails, then another world registers on platform_b as usual', async () => {
    const [failing, healthy] = await Promise.all([testbed.createWorld(), testbed.createWorld()]);

    await failing.faults('platform_b', 'error');
    const during = await registerOnB(failing, 'PFW1001', '5HGCM82633A004352');
    const other = await registerOnB(healthy, 'PFW1002', '6HGCM82633A004352');

    expect(during.error?.error.code).toBe('PLATFORM_UNAVAILABLE');
    expect(other.response.status).toBe(201);
  });
});
