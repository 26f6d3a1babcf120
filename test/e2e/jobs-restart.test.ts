import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServeProcess } from '../support/process.ts';

type ItemRow = { position: number; state: string; attempts: number };

/**
 * Batch jobs in the real `fleet-sim serve` against the real simulators: throughput, `jobs watch`, and
 * a SIGKILL in the middle of a 500-item job followed by a restart on the same data dir.
 */
describe('batch jobs in the serve process', () => {
  let env: Awaited<ReturnType<typeof startServeProcess>>;
  let headers: Record<string, string>;
  let seq = 0;

  beforeAll(async () => {
    env = await startServeProcess({ FLEET_CLOCK_START: '2026-05-04T12:00:00.000Z', FLEET_SEED: '23' });
    const tenant = await env.cli(['tenants', 'create', '--name', 'Flota Lotes']);
    const key = await env.cli(['keys', 'create', '--tenant', tenant.json.id]);
    headers = { Authorization: `Bearer ${key.json.key}`, 'content-type': 'application/json' };
  }, 60_000);

  afterAll(async () => {
    await env?.cleanup();
  });

  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(env.base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as any };
  };

  /** platform_b vehicles (plate + VIN: instant registration), created 25 at a time. */
  async function createVehicles(count: number): Promise<string[]> {
    const ids: string[] = [];
    while (ids.length < count) {
      const chunk = Array.from({ length: Math.min(25, count - ids.length) }, () => {
        const n = String(++seq).padStart(5, '0');
        return api('POST', '/v1/vehicles', { plate: `JE${n}`, brand: 'Nissan', model: 'Versa', year: 2023, color: 'blanco', vin: `1HGCM82633A${n}0` });
      });
      for (const res of await Promise.all(chunk)) ids.push(res.body.id);
    }
    return ids;
  }

  const startBatch = async (vehicleIds: string[]) => {
    const accepted = await api('POST', '/v1/vehicles/registrations/batch', { platform: 'platform_b', vehicleIds });
    expect(accepted).toMatchObject({ status: 202, body: { total: vehicleIds.length, skipped: [] } });
    return accepted.body.jobId as string;
  };

  const itemRows = (jobId: string): ItemRow[] => {
    const db = new Database(join(env.dataDir, 'api.db'), { readonly: true });
    try {
      return db.prepare('SELECT position, state, attempts FROM job_items WHERE job_id = ? ORDER BY position').all(jobId) as ItemRow[];
    } finally {
      db.close();
    }
  };

  it('when a 500-item batch runs, then it ends within seconds and `jobs watch --json` prints the final job', async () => {
    const ids = await createVehicles(500);
    const started = Date.now();

    const jobId = await startBatch(ids);
    await vi.waitFor(async () => expect((await api('GET', `/v1/jobs/${jobId}`)).body.status).toBe('completed'), {
      timeout: 20_000, interval: 50,
    });
    const elapsed = Date.now() - started;
    const watched = await env.cli(['jobs', 'watch', jobId]);

    // Seconds, not minutes: ~3 s on two busy cores; the margin keeps a loaded CI machine from flaking.
    expect(elapsed).toBeLessThan(15_000);
    expect(watched.code).toBe(0);
    expect(watched.json).toMatchObject({ id: jobId, status: 'completed', total: 500, processed: 500, succeeded: 500, failed: 0 });
    expect(watched.json.results.map((r: { vehicleId: string }) => r.vehicleId)).toEqual(ids);
  }, 30_000);

  it('when serve is SIGKILLed mid-job and started again, then the job resumes and every item is processed exactly once', async () => {
    const ids = await createVehicles(500);
    // A slow platform_b (40 ms a call) stretches the job to ~2.5 s so the kill surely lands mid-way.
    // Faults live in the simulators' memory: the restarted companion is fast again.
    const simulators = /simulators: (http:\/\/127\.0\.0\.1:\d+)/.exec(env.output())![1];
    await fetch(`${simulators}/_control/faults`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ platform: 'platform_b', mode: 'slow', ms: 40 }),
    });
    const jobId = await startBatch(ids);
    await vi.waitFor(async () => expect((await api('GET', `/v1/jobs/${jobId}`)).body.processed).toBeGreaterThanOrEqual(50), {
      timeout: 10_000, interval: 20,
    });

    await env.stop('SIGKILL');
    const atKill = itemRows(jobId);
    const recordedAtKill = atKill.filter((row) => row.state !== 'queued');
    expect(recordedAtKill.length).toBeGreaterThanOrEqual(50);
    expect(recordedAtKill.length).toBeLessThan(500);

    await env.restart();
    const watched = await env.cli(['jobs', 'watch', jobId]);

    expect(watched.json).toMatchObject({ status: 'completed', total: 500, processed: 500, succeeded: 500, failed: 0 });
    expect(watched.json.results.map((r: { vehicleId: string }) => r.vehicleId)).toEqual(ids);
    const final = itemRows(jobId);
    // What was recorded before the kill was not run again; everything else was run once after it.
    expect(recordedAtKill.map((row) => final[row.position])).toEqual(recordedAtKill);
    expect(final.every((row) => row.state === 'done' && row.attempts === 1)).toBe(true);
    const sample = await api('GET', `/v1/vehicles/${ids[499]}/registrations/platform_b`);
    expect(sample.body.status).toBe('registered');
  }, 30_000);
});
