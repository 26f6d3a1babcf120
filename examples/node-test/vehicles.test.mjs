// An ES test file: one fixture world for the file, rewound to its saved state before each test.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { connectTestbed } from 'fleet-testbed/testing';

describe('a fleet of two vehicles on platform_b', () => {
  let testbed;
  let world;

  before(async () => {
    testbed = await connectTestbed(process.env.FLEET_URL);
    world = await testbed.createWorld({ fixture: { vehicles: 2, registeredOn: ['platform_b'] } });
    await world.snapshot('inicio');
  });
  beforeEach(async () => {
    // Fault rules and the journal are not in a snapshot: the restore clears them in the same call.
    await world.restore('inicio', { clearFaults: true, clearRequests: true });
  });
  // The testbed is the run's (run-tests.mjs stops it): the file deletes its own world.
  after(() => world?.delete());

  it('when a vehicle is added, then the fleet has three', async () => {
    const created = await world.client.POST('/v1/vehicles', {
      body: { plate: await world.unique.plate(), vin: await world.unique.vin(), brand: 'Nissan', model: 'Versa', year: 2023, color: 'gris' },
    });
    const list = await world.client.GET('/v1/vehicles');

    assert.equal(created.response.status, 201);
    assert.equal(list.data.data.length, 3);
  });

  it('when the previous test added one, then the restore took it away again', async () => {
    const list = await world.client.GET('/v1/vehicles');

    assert.equal(list.data.data.length, 2);
  });

  it('when a fault makes the list unavailable once, then the code under test sees a 503 and the journal shows one call', async () => {
    await world.faults.add({ effect: 'unavailable', operation: 'listVehicles', times: 1 });

    const first = await world.client.GET('/v1/vehicles');
    const second = await world.client.GET('/v1/vehicles');

    assert.equal(first.error?.error.code, 'PLATFORM_UNAVAILABLE');
    assert.equal(second.response.status, 200);
    await world.expectRequests({ operation: 'listVehicles', count: 2 });
    await world.expectRequests({ method: 'POST', count: 0 });
  });
});
