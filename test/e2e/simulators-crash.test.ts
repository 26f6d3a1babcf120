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


  it('then the world snapshots are still listed once it is back, and a restore puts both halves back', async () => {
    const control = (method: string, path: string, body?: unknown) =>
      fetch(`${env.base}/_testbed${path}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })
        .then(async (res) => ({ status: res.status, body: (await res.json()) as any }));
    const created = (await control('POST', '/tenants', { name: 'Mundo Con Copia', fixture: { vehicles: 1, registeredOn: ['platform_b'] } })).body;
    const key = { authorization: `Bearer ${created.keys[0].key}`, 'content-type': 'application/json' };
    expect((await control('POST', `/tenants/${created.id}/snapshots`, { name: 'antes' })).status).toBe(201);
    const plate = (await control('POST', `/tenants/${created.id}/unique/plate`)).body.value;
    const vin = (await control('POST', `/tenants/${created.id}/unique/vin`)).body.value;
    const later = await fetch(`${env.base}/v1/vehicles`, {
      method: 'POST', headers: key, body: JSON.stringify({ plate, vin, brand: 'Kia', model: 'Rio', year: 2024, color: 'Rojo', city: 'Guadalajara' }),
    });
    expect(later.status).toBe(201);
    const registered = await fetch(`${env.base}/v1/vehicles/${((await later.json()) as { id: string }).id}/registrations`, { method: 'POST', headers: key, body: JSON.stringify({ platform: 'platform_b' }) });
    expect(registered.status).toBe(201);
    const platformB = async () => (await control('GET', `/platforms/platform_b?tenant=${created.id}`)).body.vehicles.length;
    expect(await platformB()).toBe(2);
    const simulatorsPid = execFileSync('pgrep', ['-P', String(env.pid())]).toString().trim().split('\n')[0];
    process.kill(Number(simulatorsPid), 'SIGKILL');
    await gone(Number(simulatorsPid));
    for (let attempt = 0; attempt < 80 && !env.output().includes('the simulators were replaced'); attempt++) await new Promise((r) => setTimeout(r, 250));

    const listed = (await control('GET', `/tenants/${created.id}/snapshots`)).body.data;
    const restored = await control('POST', `/tenants/${created.id}/snapshots/antes/restore`);

    expect(env.output()).toContain('the simulators were replaced: their records and world snapshots are kept');
    expect(listed.map((s: { name: string }) => s.name)).toEqual(['antes']);
    expect(restored.status).toBe(200);
    expect(await platformB()).toBe(1);
    const vehicles = (await (await fetch(`${env.base}/v1/vehicles`, { headers: key })).json()) as { data: unknown[] };
    expect(vehicles.data).toHaveLength(1);
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
