import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { worldForSuite } from '../support/process.ts';

const BIN = fileURLToPath(new URL('../../cli/bin.mjs', import.meta.url));
/** Real time allowed for the background convergence (contract §3: "within seconds"). */
const CONVERGE_MS = 15_000;

interface Held {
  bindings: { vehicleId: string; driverId: string; boundAt: string }[];
}

/**
 * Issue 27's table against a real `fleet-sim serve`: concurrent assignments of one vehicle (or one
 * driver) must end with the API saying what platform_b holds, looked at through the platform view.
 */
describe('concurrent assignments and what the platform holds', () => {
  const { env, world: client, api } = worldForSuite('Flota Consistencia', { FLEET_CLOCK_START: '2026-05-04T12:00:00.000Z', FLEET_SEED: '27' });
  let seq = 0;
  const next = () => String(++seq).padStart(4, '0');

  const control = async (method: string, path: string) => {
    const res = await fetch(`${env.base}/_testbed${path}`, { method });
    return { status: res.status, body: (await res.json()) as any };
  };
  const times = <T>(n: number, make: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => make(i)));

  async function vehicleOnB(): Promise<string> {
    const n = next();
    const body = { plate: `CS-${n}`, brand: 'Kia', model: 'Rio', year: 2023, color: 'Rojo', city: 'Guadalajara', vin: `3VWFE21C04M27${n}` };
    const { body: vehicle } = await api('POST', '/v1/vehicles', body);
    expect((await api('POST', `/v1/vehicles/${vehicle.id}/registrations`, { platform: 'platform_b' })).status).toBe(201);
    return vehicle.id;
  }
  const driver = async () =>
    (await api('POST', '/v1/drivers', { name: 'Rosa Díaz', whatsapp: `33${next()}5555`, city: 'Guadalajara' })).body.id as string;

  /** Sync runs until the API and platform_b agree, or the deadline passes; then the last look at both. */
  async function settled(filter: string, mine: (b: Held['bindings'][number]) => boolean) {
    const deadline = Date.now() + CONVERGE_MS;
    for (;;) {
      expect((await control('POST', '/sync')).status).toBe(200);
      const active = (await api('GET', `/v1/assignments?status=active&${filter}`)).body.data;
      const held = ((await control('GET', `/platforms/platform_b?tenant=${client.tenantId}`)).body as Held).bindings.filter(mine);
      const agree = active.length === 1 && active[0].platformSync === 'synced' && held.length === 1 && held[0].driverId === active[0].driverId;
      if (agree || Date.now() > deadline) return { active, held };
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  it.each([2, 3, 5])('when %i drivers are assigned to one vehicle on platform_b at once, then the active one says synced and platform_b holds exactly its binding', async (n) => {
    const vehicleId = await vehicleOnB();
    const drivers = await times(n, () => driver());

    const answers = await times(n, (i) => api('POST', '/v1/assignments', { vehicleId, driverId: drivers[i] }));

    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
    const { active, held } = await settled(`vehicleId=${vehicleId}`, (b) => b.vehicleId === vehicleId);
    expect(active).toEqual([expect.objectContaining({ vehicleId, platformSync: 'synced' })]);
    expect(held).toEqual([expect.objectContaining({ vehicleId, driverId: active[0].driverId })]);
  }, 60_000);

  it('when one driver is assigned to five vehicles on platform_b at once, then the active one says synced and platform_b holds only its binding', async () => {
    const vehicles = await times(5, () => vehicleOnB());
    const driverId = await driver();

    const answers = await times(5, (i) => api('POST', '/v1/assignments', { vehicleId: vehicles[i], driverId }));

    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
    const { active, held } = await settled(`driverId=${driverId}`, (b) => b.driverId === driverId || vehicles.includes(b.vehicleId));
    expect(active).toEqual([expect.objectContaining({ driverId, platformSync: 'synced' })]);
    expect(held).toEqual([expect.objectContaining({ vehicleId: active[0].vehicleId, driverId })]);
  }, 60_000);

  describe('fleet-sim platforms show', () => {
    const run = (args: string[]) =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        execFile(process.execPath, [BIN, ...args], { env: env.env, timeout: 30_000 }, (err, stdout, stderr) =>
          resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }));
      });

    it("when asked with --json for a tenant, then it prints the control API's platform view as one JSON document", async () => {
      const vehicleId = await vehicleOnB();
      const driverId = await driver();
      await api('POST', '/v1/assignments', { vehicleId, driverId });

      const shown = await env.cli(['platforms', 'show', 'platform_b', '--tenant', client.tenantId]);

      expect(shown.code).toBe(0);
      expect(shown.json).toEqual((await control('GET', `/platforms/platform_b?tenant=${client.tenantId}`)).body);
      expect(shown.json.bindings).toContainEqual(expect.objectContaining({ vehicleId, driverId }));
    }, 60_000);

    it('when asked without --json, then it prints Spanish tables of vehicles, drivers and bindings', async () => {
      const shown = await run(['platforms', 'show', 'platform_a', '--tenant', client.tenantId]);

      expect(shown.code).toBe(0);
      expect(shown.stdout).toContain('Lo que platform_a tiene ahora:');
      expect(shown.stdout).toMatch(/Vehículos \(0\)\n {2}ninguno/);
      expect(shown.stdout).toContain('Vínculos (0)');
    }, 60_000);

    it('when asked without --tenant and without --json, then each record shows its tenant, the plate or the name, and the binding its time in CDMX', async () => {
      const vehicleId = await vehicleOnB();
      const plate = (await api('GET', `/v1/vehicles/${vehicleId}`)).body.plate;
      const driverId = await driver();
      await api('POST', '/v1/assignments', { vehicleId, driverId });
      await settled(`vehicleId=${vehicleId}`, (b) => b.vehicleId === vehicleId);

      const shown = await run(['platforms', 'show', 'platform_b']);

      expect(shown.code, shown.stderr).toBe(0);
      const tenant = `Flota Consistencia (${client.tenantId.slice(0, 8)})`;
      expect(shown.stdout).toMatch(new RegExp(`${vehicleId}  ${plate} +${tenant.replace(/[()]/g, '\\$&')} +registered`));
      expect(shown.stdout).toMatch(new RegExp(`${driverId}  Rosa Díaz +Flota Consistencia`));
      expect(shown.stdout).toMatch(new RegExp(`${plate} +Rosa Díaz +Flota Consistencia \\(${client.tenantId.slice(0, 8)}\\) +\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} CDMX`));
    }, 60_000);

    it.each([
      [['platform_c'], 'plataforma desconocida: platform_c'],
      [['platform_b', '--tenant', '00000000-0000-4000-8000-000000000000'], 'El tenant 00000000-0000-4000-8000-000000000000 no existe en este testbed.'],
    ])('when the platform or tenant is unknown (%j), then it exits non-zero with a message and no stack trace', async (args, message) => {
      const shown = await run(['platforms', 'show', ...args]);

      expect(shown.code).not.toBe(0);
      expect(shown.stderr).toContain(message);
      expect(shown.stderr).not.toMatch(/\n\s+at /);
    }, 60_000);
  });
});
