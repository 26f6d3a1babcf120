import { describe, expect, it } from 'vitest';
import { createVehicleWithRetries } from './retrying-client.ts';
import { fleetData, newWorld } from './world.ts';

/** Records the client's waits instead of sleeping them: the test takes milliseconds, not seconds. */
function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

describe('a client that retries', () => {
  it('when the API answers two 429s, then the client waits Retry-After each time and the third try creates the vehicle', async () => {
    const world = await newWorld();
    const rule = await world.faults.add({ effect: 'rate_limited', operation: 'createVehicle', times: 2, retryAfter: 1 });
    const { waits, sleep } = recordingSleep();

    const { vehicle: sent } = await fleetData(world, 1);

    const vehicle = await createVehicleWithRetries(world.client, sent, { sleep });

    expect(vehicle.plate).toBe(sent.plate.toUpperCase());
    expect(waits).toEqual([1000, 1000]);
    expect(await rule.hits()).toBe(2);
  });

  it('when the answer of the write is lost (503 after the vehicle was made), then the retry finds the vehicle instead of failing', async () => {
    const world = await newWorld();
    await world.faults.add({ effect: 'unavailable', operation: 'createVehicle', when: 'after', times: 1, retryAfter: 2 });
    const { waits, sleep } = recordingSleep();

    const vehicle = await createVehicleWithRetries(world.client, (await fleetData(world, 2)).vehicle, { sleep });
    const listed = await world.client.GET('/v1/vehicles');

    expect(waits).toEqual([2000]);
    expect(listed.data?.data.map((v) => v.id)).toEqual([vehicle.id]);
  });

  it('when the connection drops once, then the client tries again and succeeds', async () => {
    const world = await newWorld();
    await world.faults.add({ effect: 'reset', operation: 'createVehicle', times: 1 });
    const { waits, sleep } = recordingSleep();

    const vehicle = await createVehicleWithRetries(world.client, (await fleetData(world, 3)).vehicle, { sleep });

    expect(vehicle.id).toBeTruthy();
    expect(waits).toEqual([1000]);
  });
});
