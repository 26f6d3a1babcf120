import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { worldForSuite } from '../support/process.ts';

/** The companion process dies under the API: platform calls fail fast, local reads go on, and it comes back by itself. */
describe('when the simulators process is killed under a running serve', () => {
  const { env, api } = worldForSuite('Flota Caída', { FLEET_CLOCK_START: '2026-05-04T12:00:00.000Z' });

  const gone = async (pid: number) => {
    for (;;) {
      try {
        process.kill(pid, 0);
      } catch {
        return;
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  };


  it('then the world snapshots, whose platforms\' halves were in its memory, are no longer listed once it is back', async () => {
    const control = (method: string, path: string, body?: unknown) =>
      fetch(`${env.base}/_testbed${path}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })
        .then(async (res) => ({ status: res.status, body: (await res.json()) as any }));
    const created = (await control('POST', '/tenants', { name: 'Mundo Con Copia' })).body;
    expect((await control('POST', `/tenants/${created.id}/snapshots`, { name: 'antes' })).status).toBe(201);
    const simulatorsPid = execFileSync('pgrep', ['-P', String(env.pid())]).toString().trim().split('\n')[0];
    process.kill(Number(simulatorsPid), 'SIGKILL');
    await gone(Number(simulatorsPid));

    let listed = (await control('GET', `/tenants/${created.id}/snapshots`)).body.data;
    for (let attempt = 0; attempt < 40 && listed.length > 0; attempt++) {
      await new Promise((r) => setTimeout(r, 250));
      listed = (await control('GET', `/tenants/${created.id}/snapshots`)).body.data;
    }

    expect(listed).toEqual([]);
    expect(env.output()).toContain('world snapshots forgotten: the simulators were replaced');
    expect((await control('POST', `/tenants/${created.id}/snapshots`, { name: 'despues' })).status).toBe(201);
    expect((await control('POST', `/tenants/${created.id}/snapshots/despues/restore`)).status).toBe(200);
  });

  it('then platform calls answer 503 quickly, local reads still work, and the platform is back without a restart of serve', async () => {
    const vehicle = await api('POST', '/v1/vehicles', { plate: 'CRASH-01', brand: 'Kia', model: 'Rio', year: 2024, colorId: 1, vin: 'KNADM4A37E6123457' });
    expect(vehicle.status).toBe(201);
    const simulatorsPid = execFileSync('pgrep', ['-P', String(env.pid())]).toString().trim().split('\n')[0];
    process.kill(Number(simulatorsPid), 'SIGKILL');
    await gone(Number(simulatorsPid));

    const started = Date.now();
    const down = await api('POST', `/v1/vehicles/${vehicle.body.id}/registrations`, { platform: 'platform_b' });
    expect(down.status).toBe(503);
    expect(down.body.error.code).toBe('PLATFORM_UNAVAILABLE');
    expect(Number(down.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Date.now() - started).toBeLessThan(5_000);
    const read = await api('GET', `/v1/vehicles/${vehicle.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body.registrations.find((r: { platform: string }) => r.platform === 'platform_b').status).toBe('none');

    let registered = down;
    for (let attempt = 0; attempt < 40 && registered.status === 503; attempt++) {
      await new Promise((r) => setTimeout(r, 250));
      registered = await api('POST', `/v1/vehicles/${vehicle.body.id}/registrations`, { platform: 'platform_b' });
    }
    expect(registered.status).toBe(201);
    expect(registered.body.status).toBe('registered');
  });
});
