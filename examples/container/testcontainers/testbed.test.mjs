// The fleet testbed image started by Testcontainers from a plain `node --test` suite: one container
// for the suite, a world (tenant, key, clock) per test. Needs the image (`docker build -t
// fleet-testbed .` at the project's root) and a Docker-compatible engine (Docker, or podman's socket
// through DOCKER_HOST). FLEET_TESTBED_IMAGE names another image or tag.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import { GenericContainer, Wait } from 'testcontainers';

const IMAGE = process.env.FLEET_TESTBED_IMAGE ?? 'fleet-testbed';
const CONTROL_TOKEN = randomBytes(16).toString('hex');
const CLOCK_START = '2026-03-02T09:00:00.000Z';

let container;
let url;

before(async () => {
  container = await new GenericContainer(IMAGE)
    // FLEET_RATE_LIMIT=0: the tests run side by side and the limiter's 429s are not what they test.
    .withEnvironment({ FLEET_CONTROL_TOKEN: CONTROL_TOKEN, FLEET_CLOCK_START: CLOCK_START, FLEET_RATE_LIMIT: '0' })
    .withExposedPorts(3000)
    // The image's HEALTHCHECK calls GET /v1/health from inside the container.
    .withWaitStrategy(Wait.forHealthCheck())
    .withStartupTimeout(60_000)
    .start();
  url = `http://${container.getHost()}:${container.getMappedPort(3000)}`;
});

after(async () => {
  await container?.stop();
});

async function call(method, path, { token, body } = {}) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: await response.json() };
}

/** A world of its own: a new tenant with one test key (all six scopes) and its own clock. */
async function newWorld(name) {
  const created = await call('POST', '/_testbed/tenants', { token: CONTROL_TOKEN, body: { name } });
  assert.equal(created.status, 201);
  return { tenantId: created.body.id, key: created.body.keys[0].key };
}

test('when the container is healthy, then the API answers its health and refuses a call without a key', async () => {
  const health = await call('GET', '/v1/health');
  const me = await call('GET', '/v1/me');

  assert.deepEqual(health, { status: 200, body: { status: 'ok', version: '1.0.0' } });
  assert.equal(me.status, 401);
  assert.equal(me.body.error.code, 'UNAUTHORIZED');
});

test('when the control API is called without the token, then it answers 401 and creates nothing', async () => {
  const before = await call('GET', '/_testbed/tenants', { token: CONTROL_TOKEN });

  const refused = await call('POST', '/_testbed/tenants', { body: { name: 'sin token' } });
  const afterwards = await call('GET', '/_testbed/tenants', { token: CONTROL_TOKEN });

  assert.equal(refused.status, 401);
  assert.equal(refused.body.error.code, 'UNAUTHORIZED');
  assert.equal(afterwards.body.data.length, before.body.data.length);
});

test('when a world registers a vehicle on platform_b, then its key reads it back registered', async () => {
  const world = await newWorld('Flota Testcontainers');
  const suffix = world.tenantId.replaceAll('-', '').slice(0, 6).toUpperCase();
  const vehicle = await call('POST', '/v1/vehicles', {
    token: world.key,
    body: { plate: `TC${suffix}`, vin: `3N1CN7AD5KL${suffix}`, brand: 'Nissan', model: 'Versa', year: 2023, color: 'gris', city: 'CDMX' },
  });
  assert.equal(vehicle.status, 201);

  const registration = await call('POST', `/v1/vehicles/${vehicle.body.id}/registrations`, { token: world.key, body: { platform: 'platform_b' } });
  const read = await call('GET', `/v1/vehicles/${vehicle.body.id}/registrations/platform_b`, { token: world.key });

  assert.equal(registration.status, 201);
  assert.equal(read.body.status, 'registered');
});

test("when one world's clock advances a day, then another world's clock stays where it was", async () => {
  const moved = await newWorld('Flota que avanza');
  const still = await newWorld('Flota quieta');

  await call('POST', '/_testbed/clock/advance', { token: CONTROL_TOKEN, body: { duration: '1d', tenant: moved.tenantId } });
  const movedNow = await call('GET', `/_testbed/clock?tenant=${moved.tenantId}`, { token: CONTROL_TOKEN });
  const stillNow = await call('GET', `/_testbed/clock?tenant=${still.tenantId}`, { token: CONTROL_TOKEN });

  assert.equal(movedNow.body.now, '2026-03-03T09:00:00.000Z');
  assert.equal(stillNow.body.now, CLOCK_START);
});
