/**
 * Builds the bench's tenant through the public surfaces only (CLI for tenants and keys, the HTTP API
 * for vehicles and batches), so what is measured later sits on data the real code wrote.
 */
import { Agent, request } from 'node:http';
import type { Serve } from './serve.ts';

export interface Tenant {
  tenantId: string;
  key: string;
  auth: Record<string, string>;
}

export async function createTenant(serve: Serve, name: string): Promise<Tenant> {
  const tenant = await serve.cli<{ id: string }>(['tenants', 'create', '--name', name]);
  const key = await serve.cli<{ key: string }>(['keys', 'create', '--tenant', tenant.id]);
  return { tenantId: tenant.id, key: key.key, auth: { authorization: `Bearer ${key.key}`, 'content-type': 'application/json' } };
}

// node:http with keep-alive rather than fetch: on 2 busy cores fetch's per-request cost made the
// client, not the server, the bottleneck of the soak.
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

export function call<T = any>(base: string, t: Tenant, method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers = payload === undefined ? t.auth : { ...t.auth, 'content-length': String(Buffer.byteLength(payload)) };
  return new Promise((resolve, reject) => {
    const req = request(base + path, { method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        let json: T = null as T;
        try {
          json = JSON.parse(Buffer.concat(chunks).toString('utf8')) as T;
        } catch {
          /* not JSON: the caller sees null */
        }
        resolve({ status: res.statusCode ?? 0, json });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** A plate and a VIN unique per index: VINs are unique service-wide, plates per tenant. */
const plateOf = (i: number) => `BV${String(i).padStart(6, '0')}`;
const vinOf = (i: number) => `3N1CN7AD5K${String(i).padStart(7, '0')}`;

/**
 * n vehicles on both platforms, with the city and VIN each platform's registration needs; 8 in
 * flight. `first` offsets plates and VINs, which are unique across tenants.
 */
export async function createVehicles(base: string, t: Tenant, n: number, first = 0): Promise<string[]> {
  const ids: string[] = new Array(n);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < n; i = next++) {
      const body = { plate: plateOf(first + i), brand: 'Nissan', model: 'Versa', year: 2023, color: 'gris', city: 'CDMX', vin: vinOf(first + i), platforms: ['platform_a', 'platform_b'] };
      const r = await call<{ id: string }>(base, t, 'POST', '/v1/vehicles', body);
      if (r.status !== 201) throw new Error(`POST /v1/vehicles → ${r.status}: ${JSON.stringify(r.json)}`);
      ids[i] = r.json.id;
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return ids;
}

export interface BatchOutcome {
  seconds: number;
  total: number;
  succeeded: number;
  failed: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Seconds from the 202 of a registration batch to its job reading `completed`, polled every 25 ms
 * (the polling error is at most that). null when the batch endpoints are not there (404).
 */
export async function runRegistrationBatch(base: string, t: Tenant, platform: string, vehicleIds: string[], timeoutMs = 300_000): Promise<BatchOutcome | null> {
  const accepted = await call<{ jobId: string | null; total: number; skipped: string[] }>(base, t, 'POST', '/v1/vehicles/registrations/batch', { platform, vehicleIds });
  if (accepted.status === 404) return null;
  const started = performance.now();
  if (accepted.status !== 202 || !accepted.json.jobId) throw new Error(`batch → ${accepted.status}: ${JSON.stringify(accepted.json)}`);
  for (;;) {
    const job = await call<{ status: string; total: number; succeeded: number; failed: number }>(base, t, 'GET', `/v1/jobs/${accepted.json.jobId}`);
    if (job.json.status === 'completed' || job.json.status === 'failed') {
      if (job.json.status === 'failed') throw new Error(`batch job failed: ${JSON.stringify(job.json)}`);
      return { seconds: (performance.now() - started) / 1000, total: job.json.total, succeeded: job.json.succeeded, failed: job.json.failed };
    }
    if (performance.now() - started > timeoutMs) throw new Error(`batch job not completed after ${timeoutMs} ms`);
    await sleep(25);
  }
}

/** The batch's baseline: the same registrations as single calls, 8 in flight like the job worker. */
export async function registerOneByOne(base: string, t: Tenant, platform: string, vehicleIds: string[]): Promise<number> {
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < vehicleIds.length; i = next++) {
      const r = await call(base, t, 'POST', `/v1/vehicles/${vehicleIds[i]}/registrations`, { platform });
      if (r.status >= 300) throw new Error(`registration → ${r.status}: ${JSON.stringify(r.json)}`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return (performance.now() - started) / 1000;
}
