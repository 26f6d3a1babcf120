import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveForSuite, worldClient, type TenantClient } from '../support/process.ts';
import { TINY_PNG } from '../support/images.ts';

const START = '2026-05-04T12:00:00.000Z';
const HOUR = 3_600_000;
const at = (ms: number) => new Date(Date.parse(START) + ms).toISOString();

/** Contract §4 "Clocks" as a user meets it: `fleet-sim clock … --tenant` against a running serve. */
describe('full process: each tenant is a world with its own clock', () => {
  const env = serveForSuite({ FLEET_CLOCK_START: START, FLEET_SEED: '13' });
  let a: TenantClient;
  let b: TenantClient;
  let seq = 0;

  beforeAll(async () => {
    [a, b] = [await worldClient(env, 'Mundo A'), await worldClient(env, 'Mundo B')];
  }, 60_000);


  const now = async (tenant?: string) => (await env.cli(['clock', 'now', ...(tenant ? ['--tenant', tenant] : [])])).json?.now;

  /** A vehicle of the tenant under platform_a's review (its card uploaded). */
  async function reviewing(t: TenantClient): Promise<string> {
    const n = String(++seq).padStart(3, '0');
    const created = await t.api('POST', '/v1/vehicles', { plate: `WC-${n}`, brand: 'Nissan', model: 'Versa', year: 2023, color: 'blanco', city: 'Puebla' });
    const id = created.body.id;
    expect((await t.api('POST', `/v1/vehicles/${id}/registrations`, { platform: 'platform_a' })).status).toBe(201);
    const form = new FormData();
    form.append('type', 'circulation_card_front');
    form.append('file', new Blob([TINY_PNG], { type: 'image/png' }), 'card.png');
    const upload = await fetch(`${env.base}/v1/vehicles/${id}/documents`, { method: 'POST', headers: { Authorization: t.headers.Authorization }, body: form });
    expect(upload.status).toBe(201);
    return id;
  }

  it('when one tenant is advanced with the CLI, then its review ends in its world only and each clock reads its own now', async () => {
    const [inA, inB] = [await reviewing(a), await reviewing(b)];

    const advanced = await env.cli(['clock', 'advance', '2d', '--tenant', a.tenantId]);

    expect([advanced.code, advanced.json]).toEqual([0, { now: at(48 * HOUR), notSynced: [] }]);
    expect([await now(a.tenantId), await now(b.tenantId), await now()]).toEqual([at(48 * HOUR), at(0), at(0)]);
    expect((await a.api('POST', `/v1/vehicles/${inA}/registrations/platform_a/refresh`)).body.status).toBe('approved');
    expect((await b.api('POST', `/v1/vehicles/${inB}/registrations/platform_a/refresh`)).body.status).toBe('pending');
    }, 60_000);

  it('when the tenant is unknown, then the CLI fails with the API\'s Spanish message and no stack trace', async () => {
    const unknown = randomUUID();
    const res = await env.cli(['clock', 'now', '--tenant', unknown]);

    expect(res.code).not.toBe(0);
    expect(res.stderr).toContain(`El tenant ${unknown} no existe en este testbed.`);
    expect(res.stderr).not.toMatch(/\n\s+at /);
  });

  it('when serve restarts, then each tenant keeps its offset, in the API and the simulators, and a service-wide advance moves both', async () => {
    await env.stop();
    await env.restart();

    expect([await now(a.tenantId), await now(b.tenantId)]).toEqual([at(48 * HOUR), at(0)]);
    const vehicle = await a.api('POST', '/v1/vehicles', { plate: 'WC-900', brand: 'Kia', model: 'Rio', year: 2022, color: 'rojo', city: 'Puebla' });
    const registration = await a.api('POST', `/v1/vehicles/${vehicle.body.id}/registrations`, { platform: 'platform_a' });
    expect([vehicle.body.createdAt, registration.body.registeredAt]).toEqual([at(48 * HOUR), at(48 * HOUR)]);

    const advanced = await env.cli(['clock', 'advance', '1h']);

    expect(advanced.json).toEqual({ now: at(HOUR), notSynced: [] });
    expect([await now(a.tenantId), await now(b.tenantId)]).toEqual([at(49 * HOUR), at(HOUR)]);
  }, 60_000);
});
