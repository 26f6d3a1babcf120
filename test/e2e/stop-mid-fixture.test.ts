import { describe, expect, it } from 'vitest';
import { serveForSuite } from '../support/process.ts';
import { childrenOf } from '../support/serve-run.ts';

type Env = ReturnType<typeof serveForSuite>;

// Small enough to end well within serve's 2 s drain on a loaded machine, yet under way when it is stopped.
const SMALL = { vehicles: 10, drivers: 10, registeredOn: ['platform_a', 'platform_b'], boundOn: ['platform_a'], assigned: true, rideDays: 3 };

async function control(env: Env, method: string, path: string, body?: unknown, signal?: AbortSignal) {
  const res = await fetch(`${env.base}/_testbed${path}`, {
    method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body), signal,
  });
  return { status: res.status, body: (await res.json()) as any, retryAfter: res.headers.get('retry-after') };
}

/** Starts a fixture world's build and resolves once its tenant exists (the build is under way), with the call itself. */
async function buildStarted(env: Env, name: string, fixture: object, signal?: AbortSignal) {
  let settled = false;
  const call = control(env, 'POST', '/tenants', { name, fixture }, signal).then(
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
 * finish before serve exits, or, too big for the drain, answers 503 and abandons it; a SIGKILL
 * leaves it unfinished, and the next start deletes that world.
 */
describe('serve stopped while a fixture world is being built', () => {
  const env = serveForSuite({ FLEET_CLOCK_START: '2026-05-04T12:00:00.000Z' });

  it('when serve gets SIGTERM mid-build, then the build ends and answers 201 first, serve exits within 5 s, and the world is whole after a restart', async () => {
    const build = await buildStarted(env, 'Flota Drenada', SMALL);
    const pendingAtStop = !build.settled();

    const stopped = await env.stopWith('SIGTERM');
    const answer = await build.call;
    const log = env.output();
    await env.restart();
    const get = async (path: string) => (await fetch(`${env.base}${path}`, { headers: { authorization: `Bearer ${answer.body.keys[0].key}` } })).json();
    const vehicles = await get('/v1/vehicles?limit=100');
    const rides = await get('/v1/rides?platform=platform_b&limit=1');
    const assignments = await get('/v1/assignments?limit=100');

    expect(pendingAtStop).toBe(true);
    expect(stopped.ms).toBeLessThan(5_000);
    expect(answer.status).toBe(201);
    expect(log).not.toMatch(/TypeError|\bat .*\.(ts|js):\d+/);
    // Whole after the restart: every vehicle, every assignment synced, and its days of rides.
    expect(vehicles.data).toHaveLength(10);
    expect(assignments.data.map((a: { platformSync: string }) => a.platformSync)).toEqual(Array(10).fill('synced'));
    expect(rides.data).toHaveLength(1);
  }, 60_000);

  it.each(['SIGTERM', 'SIGINT'] as const)('when serve\'s whole process group gets %s mid-build (kill -- -PGID, Ctrl-C), then the simulators wait for serve: the build answers 201 and no restart is logged', async (signal) => {
    const build = await buildStarted(env, `Flota Grupo ${signal}`, SMALL);
    const [companion] = childrenOf(env.pid());

    // What a signal to the group does: every process gets it, the companion first here (the worse order).
    process.kill(companion, signal);
    const stopped = await env.stopWith(signal);
    const answer = await build.call;
    const log = env.output();
    await env.restart();

    expect(stopped.ms).toBeLessThan(5_000);
    // Built, or (on a machine too busy for serve's 2 s drain) abandoned by serve's stop: never failed
    // by simulators gone under it (a 503 naming the platform), which a group's signal did.
    if (answer.status !== 201) expect(answer.body.error.message).toContain('El testbed se detuvo antes de terminar esta solicitud');
    expect(log).not.toContain('simuladores terminados');
    expect(log).not.toMatch(/TypeError|\bat .*\.(ts|js):\d+/);
  }, 60_000);

  it('when the client of a build has gone (its call aborted) and serve gets SIGTERM, then the build still ends before the database closes', async () => {
    const gone = new AbortController();
    const build = await buildStarted(env, 'Flota Sin Cliente', SMALL, gone.signal);
    gone.abort();
    await build.call;

    const stopped = await env.stopWith('SIGTERM');
    const log = env.output();
    await env.restart();
    const listed = await control(env, 'GET', '/tenants');
    const clock = await control(env, 'GET', `/clock?tenant=${build.tenantId}`);

    expect(stopped.ms).toBeLessThan(5_000);
    expect(log).not.toMatch(/TypeError|not open|\bat .*\.(ts|js):\d+/);
    expect(log).not.toContain('left half-built');
    // Its request line says no answer went out (Node's default 200 said one did).
    const line = log.split('\n').filter((l) => l.includes('"msg":"request"') && l.includes('"method":"POST","path":"/_testbed/tenants"')).at(-1);
    expect(JSON.parse(line!)).toMatchObject({ status: null, aborted: true });
    // Whole, or (on a machine too busy for serve's 2 s drain) abandoned by the stop and deleted:
    // never left half-made, nor failed by a database closed under it.
    if (listed.body.data.some((t: { name: string }) => t.name === 'Flota Sin Cliente')) expect(clock.status).toBe(200);
    else expect(log).toMatch(/"msg":"fixture failed: its world is deleted".*El testbed se detuvo antes de terminar esta solicitud/);
  }, 60_000);

  it('when serve gets SIGTERM under a build too big for its drain, then the client is answered a 503 saying serve stopped, serve exits within 5 s with no stack in its log, and the world is gone', async () => {
    const build = await buildStarted(env, 'Flota Abandonada', { ...SMALL, vehicles: 500, drivers: 500, rideDays: 120 });

    const stopped = await env.stopWith('SIGTERM');
    const answer = await build.call;
    const log = env.output();
    await env.restart();
    const listed = await control(env, 'GET', '/tenants');

    expect(answer.status).toBe(503);
    expect((answer as { retryAfter?: string | null }).retryAfter).toBe('5');
    // What became of the build, whether the drain's deadline or the build's next step answered it.
    expect(answer.body.error).toMatchObject({ code: 'PLATFORM_UNAVAILABLE', message: 'El testbed se detuvo antes de terminar esta solicitud: el mundo a medio construir se borra, aquí y en las plataformas.' });
    expect(stopped.ms).toBeLessThan(5_000);
    expect(log).not.toMatch(/TypeError|not open|unexpected error|\bat .*\.(ts|js):\d+/);
    expect(listed.body.data.map((t: { name: string }) => t.name)).not.toContain('Flota Abandonada');
  }, 60_000);

  it('when serve is SIGKILLed mid-build, then the next start deletes the half-made world, here and on the platforms', async () => {
    const onPlatforms = async () => {
      const [a, b] = await Promise.all([control(env, 'GET', '/platforms/platform_a'), control(env, 'GET', '/platforms/platform_b')]);
      return a.body.vehicles.length + b.body.vehicles.length + a.body.drivers.length;
    };
    const before = await onPlatforms();
    const build = await buildStarted(env, 'Flota Cortada', { ...SMALL, vehicles: 200, drivers: 200, rideDays: 60 });

    await env.stop('SIGKILL');
    await build.call;
    await env.restart();
    const listed = await control(env, 'GET', '/tenants');
    const drawn = await control(env, 'POST', `/tenants/${build.tenantId}/unique/plate`);

    expect(listed.body.data.map((t: { name: string }) => t.name)).not.toContain('Flota Cortada');
    expect(listed.body.data.map((t: { name: string }) => t.name)).toContain('Flota Drenada');
    expect(drawn.status).toBe(404);
    expect(env.output()).toContain('worlds a stopped serve left half-built or half-deleted were deleted');
    // None of its records is left on a platform: they hold what they held before it began.
    expect(await onPlatforms()).toBe(before);
  }, 60_000);
});
