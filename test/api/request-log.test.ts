import { describe, expect, it } from 'vitest';
import { createJsonLogger } from '../../server/lib/logger.ts';
import { makeTestApp } from '../support/app.ts';

/** The real JSON logger writing into an array: what is asserted is exactly what would reach stderr. */
function capturedApp(realNowMs?: () => number, controlToken?: string) {
  const lines: string[] = [];
  const t = makeTestApp({ logger: createJsonLogger((line) => lines.push(line)), ...(realNowMs ? { realNowMs } : {}), ...(controlToken ? { controlToken } : {}) });
  const requests = () => lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request');
  return { ...t, lines, requests };
}

describe('request logs', () => {
  it('when a request is sent with a key, then one JSON line names it and the secret never appears in any line', async () => {
    // Arrange
    const t = capturedApp();
    const { key, auth } = t.newTenant();
    const secretPart = key.key.split('_').pop()!;

    // Act
    const res = await t.request.get('/v1/vehicles?limit=5&plate=ABC').set(auth);

    // Assert
    expect(res.status).toBe(200);
    expect(t.requests()).toEqual([
      {
        level: 'info',
        msg: 'request',
        requestId: res.headers['x-request-id'],
        method: 'GET',
        path: '/v1/vehicles',
        status: 200,
        durationMs: expect.any(Number),
        keyPrefix: key.prefix,
      },
    ]);
    for (const line of t.lines) {
      expect(line).not.toContain(key.key);
      expect(line).not.toContain(secretPart);
      expect(line.toLowerCase()).not.toContain('authorization');
      expect(line.toLowerCase()).not.toContain('bearer');
    }
  });

  it('when the request fails validation or authentication, then it is logged with its status and the requestId of the envelope', async () => {
    const t = capturedApp();
    const { key, auth } = t.newTenant();

    const invalid = await t.request.post('/v1/vehicles').set(auth).send({ plate: 1 });
    const unauthorized = await t.request.get('/v1/me').set('Authorization', `Bearer ${key.key}x`);

    const [first, second] = t.requests();
    expect(first).toMatchObject({ method: 'POST', path: '/v1/vehicles', status: 400, keyPrefix: key.prefix });
    expect(first.requestId).toBe(invalid.body.error.requestId);
    expect(second).toMatchObject({ method: 'GET', path: '/v1/me', status: 401, requestId: unauthorized.body.error.requestId });
    // A rejected key is not named at all: its prefix could belong to someone probing.
    expect(second).not.toHaveProperty('keyPrefix');
    expect(t.lines.join('\n')).not.toContain(key.key);
  });

  it('when the health endpoint is called, then it is logged without a keyPrefix', async () => {
    const t = capturedApp();

    const res = await t.request.get('/v1/health');

    expect(t.requests()).toEqual([expect.objectContaining({ path: '/v1/health', status: 200, requestId: res.headers['x-request-id'] })]);
    expect(t.requests()[0]).not.toHaveProperty('keyPrefix');
  });

  it('when the container\'s health probe (X-Testbed-Probe) calls health, then no line is written; on another path it is', async () => {
    const t = capturedApp();

    await t.request.get('/v1/health').set('X-Testbed-Probe', 'healthcheck').expect(200);
    await t.request.get('/v1/me').set('X-Testbed-Probe', 'healthcheck').expect(401);

    expect(t.requests().map((l) => l.path)).toEqual(['/v1/me']);
  });

  it('when real time moves during a request, then durationMs measures it in real milliseconds', async () => {
    let now = 5_000;
    // Each read of real time moves it by 7 ms: start and end reads are one step apart at least.
    const t = capturedApp(() => (now += 7));
    const { auth } = t.newTenant();

    await t.request.get('/v1/me').set(auth);

    const [line] = t.requests();
    expect(line.durationMs).toBeGreaterThanOrEqual(7);
    expect(line.durationMs % 7).toBe(0);
  });

  it('when a fault rule answers a request, then its line names the rule, and a request no rule met has no fault field', async () => {
    const t = capturedApp();
    const { auth, tenant } = t.newTenant();
    const rule = (await t.request.post(`/_testbed/tenants/${tenant.id}/faults`).send({ effect: 'internal', operation: 'listVehicles', times: 1 }).expect(201)).body.id;

    await t.request.get('/v1/vehicles').set(auth).expect(500);
    await t.request.get('/v1/vehicles').set(auth).expect(200);

    const [, faulted, clean] = t.requests();
    expect(faulted).toMatchObject({ path: '/v1/vehicles', status: 500, fault: rule });
    expect(clean).toMatchObject({ path: '/v1/vehicles', status: 200 });
    expect(clean).not.toHaveProperty('fault');
  });

  it('when a key is sent in the path (plain, percent-encoded, or across the cut of a long path), then its request and fault lines keep the prefix only', async () => {
    const t = capturedApp();
    const { key, auth, tenant } = t.newTenant();
    const secretPart = key.key.split('_').pop()!;
    await t.request.post(`/_testbed/tenants/${tenant.id}/faults`).send({ effect: 'internal', path: '/v1/vehicles/{id}', times: 1 }).expect(201);

    await t.request.get(`/v1/vehicles/${key.key}`).set(auth).expect(500);
    await t.request.get(`/v1/vehicles/${key.key.replaceAll('_', '%5F')}`).set(auth);
    await t.request.get(`/v1/${'a'.repeat(500)}/${key.key}`);

    const [, faulted, encoded, long] = t.requests();
    expect(faulted.path).toBe(`/v1/vehicles/${key.prefix}_…`);
    expect(encoded.path).toBe(`/v1/vehicles/${key.prefix}_…`);
    expect(long.path).toBe(`/v1/${'a'.repeat(500)}/${key.prefix}_…`.slice(0, 512) + '…');
    const fault = t.lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'fault');
    expect(fault.path).toBe(`/v1/vehicles/${key.prefix}_…`);
    for (const line of t.lines) expect(line).not.toContain(secretPart);
  });

  it('when the serve\'s control token is sent in a /v1 path (plain or percent-encoded), then its request and fault lines hide it, as the journal does', async () => {
    const token = 'ctl-token-0123456789abcdef';
    const t = capturedApp(undefined, token);
    const { auth, tenant } = t.newTenant();
    await t.request.post(`/_testbed/tenants/${tenant.id}/faults`).set('Authorization', `Bearer ${token}`)
      .send({ effect: 'internal', path: '/v1/vehicles/{id}', times: 1 }).expect(201);

    await t.request.get(`/v1/vehicles/${token}`).set(auth).expect(500);
    await t.request.get(`/v1/drivers/${token.replaceAll('-', '%2D')}`).set(auth);

    const [, faulted, encoded] = t.requests();
    expect([faulted.path, encoded.path]).toEqual(['/v1/vehicles/[oculto]', '/v1/drivers/[oculto]']);
    expect(t.lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'fault').path).toBe('/v1/vehicles/[oculto]');
    for (const line of t.lines) expect(line).not.toContain('0123456789abcdef');
  });

  it('when the path is huge, then the logged path is truncated to keep the line bounded', async () => {
    const t = capturedApp();

    await t.request.get(`/v1/${'a'.repeat(5000)}`);

    const [line] = t.requests();
    expect(line.path.length).toBeLessThanOrEqual(513);
    expect(line.status).toBe(401);
  });
});
