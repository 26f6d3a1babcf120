/**
 * `npm run soak [-- --seconds N] [-- --concurrency C] [-- --read-only] [-- --heap-snapshots]`: a mixed workload (reads,
 * writes, error paths, batches) against a real `fleet-sim serve` for a set time. Reports unexpected
 * answers, latency percentiles per operation and the API process's memory over time; exits 1 on any
 * unexpected answer, so CI can run it. Growth is measured after a warm-up, when caches and JIT have
 * settled. `--read-only` keeps the data from growing (reads and refused writes only), so memory that
 * still rises there is not the page cache filling with new pages (docs/performance.md, "Soak").
 */
import { readFileSync, realpathSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { apiDatabaseFile } from '../server/config.ts';
import { call, createTenant, createVehicles, type Tenant } from './dataset.ts';
import { memoryOf, startServe, tempDir } from './serve.ts';
import { serveNodeFlags } from '../testing/serve-process.ts';
import { cpuMs } from './proc.ts';
import { heapSnapshotArgs, liveHeapMb, takeHeapSnapshot } from './heap-snapshot.ts';
import { cacheCeiling, printReport, type MemorySample } from './soak-report.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : Number(process.argv[i + 1]);
};
const SECONDS = arg('seconds', 60);
const CONCURRENCY = arg('concurrency', 8);
const READ_ONLY = process.argv.includes('--read-only');
const HEAP_SNAPSHOTS = process.argv.includes('--heap-snapshots');
if (!(SECONDS > 0) || !(CONCURRENCY > 0)) throw new Error('--seconds and --concurrency must be positive numbers');

interface Op {
  name: string;
  weight: number;
  /** Resolves with the status; the expected ones are listed. */
  run(): Promise<number>;
  expect: number[];
  /** Stores something: left out of the read-only mix. */
  writes?: boolean;
}

const dir = tempDir('soak');
// Snapshots outlive the run (the data dir does not), to be opened in DevTools afterwards.
const snapshotDir = HEAP_SNAPSHOTS ? tempDir('heap') : '';
const serve = await startServe(dir, {}, [...serveNodeFlags(), ...(HEAP_SNAPSHOTS ? heapSnapshotArgs(snapshotDir) : [])]);
let n = 0; // makes plates and phone numbers unique across the whole soak
try {
  const t: Tenant = await createTenant(serve, 'Flota Soak');
  const ids = await createVehicles(serve.base, t, 50, 900_000);
  const pick = () => ids[Math.floor(Math.random() * ids.length)];
  const get = (path: string) => async () => (await call(serve.base, t, 'GET', path)).status;
  const has = async (path: string) => (await call(serve.base, t, 'GET', path)).status !== 404;

  const allOps: Op[] = [
    { name: 'GET vehicle', weight: 25, expect: [200], run: () => get(`/v1/vehicles/${pick()}`)() },
    { name: 'GET vehicles page', weight: 8, expect: [200], run: get('/v1/vehicles?limit=25') },
    { name: 'GET vehicles filtered', weight: 5, expect: [200], run: get('/v1/vehicles?status=activo&limit=10') },
    { name: 'GET unknown vehicle', weight: 3, expect: [404], run: get('/v1/vehicles/00000000-0000-4000-8000-000000000000') },
    { name: 'GET me', weight: 4, expect: [200], run: get('/v1/me') },
    { name: 'GET colors', weight: 3, expect: [200], run: get('/v1/catalog/platform_a/colors') },
    { name: 'GET drivers page', weight: 4, expect: [200], run: get('/v1/drivers?limit=25') },
    {
      name: 'POST vehicle', weight: 8, expect: [201], writes: true,
      run: async () => {
        const r = await call<{ id: string }>(serve.base, t, 'POST', '/v1/vehicles', {
          plate: `SK${(n++).toString(36).toUpperCase().padStart(6, '0')}`, brand: 'Nissan', model: 'Versa', year: 2022, color: 'blanco', city: 'CDMX',
        });
        if (r.status === 201 && ids.length < 5_000) ids.push(r.json.id);
        return r.status;
      },
    },
    { name: 'POST vehicle invalid', weight: 2, expect: [400], run: async () => (await call(serve.base, t, 'POST', '/v1/vehicles', { plate: 'X' })).status },
    { name: 'PATCH vehicle', weight: 6, expect: [200], writes: true, run: async () => (await call(serve.base, t, 'PATCH', `/v1/vehicles/${pick()}`, { notes: `soak ${n++}` })).status },
    {
      name: 'POST driver', weight: 4, expect: [201], writes: true,
      // 10 digits ending in 5: clear of the magic endings 0001–0004.
      run: async () => (await call(serve.base, t, 'POST', '/v1/drivers', { name: 'Conductor Soak', whatsapp: `55${String(n++).padStart(7, '0')}5`, city: 'Ciudad de México' })).status,
    },
    {
      name: 'batch + job', weight: 1, expect: [200], writes: true,
      run: async () => {
        const batch = await call<{ jobId: string | null }>(serve.base, t, 'POST', '/v1/vehicles/registrations/batch', { platform: 'platform_a', vehicleIds: ids.slice(-20) });
        if (batch.status !== 202) return batch.status;
        return batch.json.jobId ? (await call(serve.base, t, 'GET', `/v1/jobs/${batch.json.jobId}`)).status : 200;
      },
    },
  ];
  if (await has('/v1/rides?platform=platform_a')) allOps.push({ name: 'GET rides', weight: 5, expect: [200], run: get('/v1/rides?platform=platform_a&limit=25') });
  if (await has('/v1/earnings/summary?platform=platform_a')) allOps.push({ name: 'GET earnings summary', weight: 3, expect: [200], run: get('/v1/earnings/summary?platform=platform_a') });

  const ops = READ_ONLY ? allOps.filter((o) => !o.writes) : allOps;
  const totalWeight = ops.reduce((s, o) => s + o.weight, 0);
  const choose = () => {
    let r = Math.random() * totalWeight;
    for (const o of ops) if ((r -= o.weight) < 0) return o;
    return ops[0];
  };
  const latencies = new Map<string, number[]>(ops.map((o) => [o.name, []]));
  const unexpected = new Map<string, number>();
  const memory: MemorySample[] = [];
  const rssBeforeMb = memoryOf(serve.pid)?.rssMb ?? NaN;
  const cpuBefore = { api: cpuMs(serve.pid) / 1000, self: process.cpuUsage() };
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  const sampler = setInterval(() => memory.push({ s: (performance.now() - started) / 1000, mb: memoryOf(serve.pid)?.rssMb ?? NaN }), 1000);
  const ticker = setInterval(() => process.stderr.write(`[soak] ${Math.round((performance.now() - started) / 1000)}/${SECONDS} s\n`), 10_000);
  // One snapshot when warm-up ends (20 %, as the slope), taken under load; one after the load.
  const warmSnapshot = HEAP_SNAPSHOTS ? delay(SECONDS * 200).then(() => takeHeapSnapshot(serve.pid, snapshotDir)) : null;

  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        const op = choose();
        const t0 = performance.now();
        const status = await op.run().catch((err: Error) => `error ${err.message}`);
        latencies.get(op.name)!.push(performance.now() - t0);
        if (typeof status !== 'number' || !op.expect.includes(status)) {
          const key = `${op.name} → ${status}`;
          unexpected.set(key, (unexpected.get(key) ?? 0) + 1);
        }
      }
    }),
  );
  clearInterval(sampler);
  clearInterval(ticker);
  if (warmSnapshot) {
    const [warm, end] = [liveHeapMb(await warmSnapshot), liveHeapMb(await takeHeapSnapshot(serve.pid, snapshotDir))];
    console.error(`[soak] API live heap (heap snapshots in ${snapshotDir}): after warm-up ${warm.mb.toFixed(1)} MB, ${warm.nodes} objects → end ${end.mb.toFixed(1)} MB, ${end.nodes} objects`);
  }
  const self = process.cpuUsage(cpuBefore.self);
  // Who was busy: a soak limited by its own client says little about the server.
  console.error(`[soak] CPU over the run: API ${(((cpuMs(serve.pid) / 1000 - cpuBefore.api) / SECONDS) * 100).toFixed(0)}%, load generator ${(((self.user + self.system) / 1e6 / SECONDS) * 100).toFixed(0)}% of one core`);
  const log = readFileSync(join(dir, 'serve.log'), 'utf8');
  printReport({
    mode: READ_ONLY ? 'read-only' : 'write', seconds: SECONDS, concurrency: CONCURRENCY, latencies, unexpected, memory, rssBeforeMb,
    errorLogLines: log.split('\n').filter((l) => l.includes('"level":"error"')).length,
    cache: cacheCeiling(serve.pid, realpathSync(apiDatabaseFile(dir))),
  });
  process.exitCode = unexpected.size ? 1 : 0;
} finally {
  await serve.stop();
  rmSync(dir, { recursive: true, force: true });
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
