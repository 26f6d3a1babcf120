import { describe, expect, it } from 'vitest';
import { serveForSuite } from '../support/process.ts';

type Env = ReturnType<typeof serveForSuite>;

const BIG = { vehicles: 30, drivers: 30, registeredOn: ['platform_a', 'platform_b'], boundOn: ['platform_a'], assigned: true, rideDays: 10 };

async function control(env: Env, method: string, path: string, body?: unknown) {
  const res = await fetch(`${env.base}/_testbed${path}`, {
    method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** Starts a fixture world's build and resolves once its tenant exists (the build is under way), with the call itself. */
async function buildStarted(env: Env, name: string, fixture: object) {
  let settled = false;
  const call = control(env, 'POST', '/tenants', { name, fixture }).then(
    (res) => ((settled = true), res),
    (err: Error) => ((settled = true), { status: 0, body: { error: err.message } }),
  );
  for (;;) {
    const listed = await control(env, 'GET', '/tenants');
    const tenant = listed.body.data.find((t: { name: string }) => t.name === name);
    if (tenant) return { tenantId: tenant.id as string, call, settled: () => settled };
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * A fixture is whole or absent (contract §5), also when serve stops under it: SIGTERM lets the build
 * finish before serve exits; a SIGKILL leaves it unfinished, and the next start deletes that world.
 */
describe('serve stopped while a fixture world is being built', () => {
  const env = serveForSuite({ FLEET_CLOCK_START: '2026-05-04T12:00:00.000Z' });

  it('when serve gets SIGTERM mid-build, then the build ends and answers 201 first, serve exits within 5 s, and the world is whole after a restart', async () => {
    const build = await buildStarted(env, 'Flota Drenada', BIG);
    const pendingAtStop = !build.settled();

    const stopped = await env.stopWith('SIGTERM');
    const answer = await build.call;
    const log = env.output();
    await env.restart();
    const world = await control(env, 'GET', `/tenants/${build.tenantId}/snapshots`);

    expect(pendingAtStop).toBe(true);
    expect(stopped.ms).toBeLessThan(5_000);
    expect(answer.status).toBe(201);
    expect(answer.body.fixture.vehicleIds).toHaveLength(30);
    expect(log).not.toMatch(/TypeError|\bat .*\.(ts|js):\d+/);
    expect(world.status).toBe(200);
    const listed = await control(env, 'GET', '/tenants');
    expect(listed.body.data.find((t: { id: string }) => t.id === build.tenantId)).toMatchObject({ name: 'Flota Drenada' });
  }, 60_000);

  it('when serve is SIGKILLed mid-build, then the next start deletes the half-made world, here and on the platforms', async () => {
    const build = await buildStarted(env, 'Flota Cortada', { ...BIG, vehicles: 200, drivers: 200, rideDays: 60 });

    await env.stop('SIGKILL');
    await build.call;
    await env.restart();
    const listed = await control(env, 'GET', '/tenants');
    const platformA = await control(env, 'GET', '/platforms/platform_a');
    const platformB = await control(env, 'GET', '/platforms/platform_b');
    const drawn = await control(env, 'POST', `/tenants/${build.tenantId}/unique/plate`);

    expect(listed.body.data.map((t: { name: string }) => t.name)).not.toContain('Flota Cortada');
    expect(listed.body.data.map((t: { name: string }) => t.name)).toContain('Flota Drenada');
    expect(drawn.status).toBe(404);
    expect(env.output()).toContain('worlds whose fixture a stopped serve left unfinished were deleted');
    // The world's vehicles and drivers were named by the API's ids; none of those is left on a platform.
    const known = new Set(listed.body.data.map((t: { id: string }) => t.id));
    expect(known.has(build.tenantId)).toBe(false);
    expect(platformA.body.vehicles.length + platformB.body.vehicles.length).toBe(30 + 30);
  }, 60_000);
});
