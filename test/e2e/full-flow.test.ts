import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveForSuite, tenantClient, type TenantClient } from '../support/process.ts';
import { TINY_PNG } from '../support/images.ts';
import { oversizedHeadersRequest, rawRequest } from '../support/raw-http.ts';
import { addDays, mexicoCityDate } from '../../server/lib/mexico-city.ts';

/**
 * The whole product as a user runs it: `fleet-sim serve` with its companion simulators, driven only
 * through HTTP and the CLI, stopped with SIGTERM.
 */
describe('full process: serve + CLI', () => {
  const env = serveForSuite({ FLEET_CLOCK_START: '2026-05-04T12:00:00.000Z', FLEET_SEED: '11' });
  let auth: Record<string, string>;
  let client: TenantClient;

  beforeAll(async () => {
    client = await tenantClient(env, 'Flota E2E');
    auth = client.headers;
  }, 60_000);


  const api = (method: string, path: string, body?: unknown) => client.api(method, path, body);

  it('when a vehicle is registered, its card uploaded and the review approved, then it ends approved', async () => {
    const vehicle = await api('POST', '/v1/vehicles', { plate: 'E2E-001', brand: 'Nissan', model: 'Versa', year: 2023, color: 'blanco', city: 'Guadalajara' });
    expect(vehicle.status).toBe(201);
    const id = vehicle.body.id;
    expect((await api('POST', `/v1/vehicles/${id}/registrations`, { platform: 'platform_a' })).status).toBe(201);

    const form = new FormData();
    form.append('type', 'circulation_card_front');
    form.append('file', new Blob([TINY_PNG], { type: 'image/png' }), 'card.png');
    const upload = await fetch(`${env.base}/v1/vehicles/${id}/documents`, { method: 'POST', headers: { Authorization: auth.Authorization }, body: form });
    expect(upload.status).toBe(201);
    expect((await api('GET', `/v1/vehicles/${id}`)).body.status).toBe('pending_platform_a');

    const review = await env.cli(['platform-a', 'review', id, '--verdict', 'approved']);
    expect(review.json).toMatchObject({ vehicleId: id, verdict: 'approved' });
    const refreshed = await api('POST', `/v1/vehicles/${id}/registrations/platform_a/refresh`);
    expect(refreshed.body).toMatchObject({ status: 'approved', docReviewStatus: 'approved' });
    expect((await api('GET', `/v1/vehicles/${id}`)).body.status).toBe('activo');
  });

  it('when a driver is invited and accepts in the app, then refresh shows bound and approval follows with time', async () => {
    const driver = await api('POST', '/v1/drivers', { name: 'Ana López', whatsapp: '3312345678', city: 'Guadalajara' });
    expect(driver.status).toBe(201);
    const id = driver.body.id;
    expect((await api('POST', `/v1/drivers/${id}/invitations`, { platform: 'platform_a' })).body.status).toBe('invited');

    const accepted = await env.cli(['platform-a', 'accept', id]);
    expect(accepted.json).toMatchObject({ driverId: id, status: 'bound' });
    expect((await api('POST', `/v1/drivers/${id}/invitations/platform_a/refresh`)).body.status).toBe('bound');

    const advanced = await env.cli(['clock', 'advance', '1d']);
    expect(advanced.json.now).toBe('2026-05-05T12:00:00.000Z');
    const stored = await api('GET', `/v1/drivers/${id}/invitations/platform_a`);
    expect(stored.body).toMatchObject({ status: 'bound', reviewStatus: 'approved' });
  });

  it('when the CLI revokes a key that serve has just accepted, then the very next request with it gets 401', async () => {
    // Arrange: a second key of the tenant, used until serve keeps it warm
    const created = await env.cli(['keys', 'create', '--tenant', client.tenantId]);
    const headers = { Authorization: `Bearer ${created.json.key}` };
    for (let i = 0; i < 3; i++) expect((await fetch(`${env.base}/v1/me`, { headers })).status).toBe(200);

    // Act: revoke from another process, then ask at once
    const revoked = await env.cli(['keys', 'revoke', created.json.id]);
    const next = await fetch(`${env.base}/v1/me`, { headers });

    // Assert
    expect(revoked.code).toBe(0);
    expect(next.status).toBe(401);
    expect((await fetch(`${env.base}/v1/me`, { headers: auth })).status).toBe(200);
  });

  it('when a request\'s headers are too large for Node, then serve answers 431 in the JSON envelope', async () => {
    const res = await rawRequest(env.port, oversizedHeadersRequest());

    expect(res.status).toBe(431);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION', requestId: expect.any(String) });
  });

  it('when rides generate asks for days after today, then it exits non-zero saying so; a window across today stops at today', async () => {
    const today = mexicoCityDate(Date.parse((await (await fetch(`${env.base}/_testbed/clock`)).json()).now));
    const generate = (from: string, to: string) => env.cli(['rides', 'generate', '--tenant', client.tenantId, '--from', from, '--to', to]);

    const future = await generate(addDays(today, 1), addDays(today, 3));
    const across = await generate(addDays(today, -30), addDays(today, 40));

    expect(future.code).not.toBe(0);
    expect(future.stderr).toMatch(/aún no han ocurrido/);
    expect(across.code).toBe(0);
    expect(across.json).toMatchObject({ from: addDays(today, -30), to: addDays(today, 40), generatedTo: today });
  }, 60_000);

  it('when a CLI command fails, then it exits non-zero with a message on stderr', async () => {
    const result = await env.cli(['platform-a', 'accept', '00000000-0000-4000-8000-000000000000']);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/error: /);
  });

  it('when SIGTERM arrives, then serve and its simulators stop within 5 s and the port is free', async () => {
    const ms = await env.stop('SIGTERM');
    expect(ms).toBeLessThan(5_000);
    await expect(fetch(`${env.base}/v1/health`)).rejects.toThrow();
  });
});
