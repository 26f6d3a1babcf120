// A CommonJS test file of the same run: the package's require entry points, the same worlds.
const assert = require('node:assert/strict');
const { after, before, describe, it } = require('node:test');
const { connectTestbed, TestbedError } = require('fleet-testbed/testing');

describe('drivers in a world of its own', () => {
  let testbed;
  let world;

  before(async () => {
    testbed = await connectTestbed(process.env.FLEET_URL);
    world = await testbed.createWorld();
  });
  // The testbed is the run's (run-tests.mjs stops it): the file deletes its own world.
  after(() => world?.delete());

  it('when a driver is created with a unique number, then a day later the world clock has moved and the driver is there', async () => {
    const created = await world.client.POST('/v1/drivers', { body: { name: 'Ana López', whatsapp: await world.unique.whatsapp(), city: 'CDMX' } });
    const before = await world.now();
    await world.advance('1d');

    const read = await world.client.GET('/v1/drivers/{id}', { params: { path: { id: created.data.id } } });

    assert.equal(created.response.status, 201);
    assert.equal(read.data.name, 'Ana López');
    // The world's clock also runs on between two calls, as a real one does: a day and a little more.
    assert.ok(Date.parse(await world.now()) - Date.parse(before) >= 86_400_000);
  });

  it('when a snapshot that was never saved is restored, then a TestbedError says so', async () => {
    await assert.rejects(world.restore('nunca'), (err) => err instanceof TestbedError && err.code === 'NOT_FOUND');
  });
});
