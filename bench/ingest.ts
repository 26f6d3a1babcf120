/**
 * Ride generation and ingestion through the real path (what `fleet-sim rides generate` calls: the
 * simulators produce, the API ingests), against the floor of what SQLite can do: a raw better-sqlite3 insert of
 * the same number of rows, one prepared statement in one transaction, into a fresh API database.
 */
import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { call } from './dataset.ts';
import type { Serve } from './serve.ts';
import { CHUNK_DAYS } from '../cli/commands/rides.ts';

export interface Generated {
  rows: number;
  seconds: number;
  raw: unknown;
}

/**
 * Days per call of the control route: the same steps as `fleet-sim rides generate` (the simulators
 * backfill the days, then the API ingests them through its platform clients).
 */
const DAYS_PER_CALL = CHUNK_DAYS;
const DAY_MS = 86_400_000;

/**
 * Timing the route itself keeps the CLI's own start-up (a second or two of tsx) out of the rows per
 * second. null when this checkout has no ride generation yet.
 */
export async function generateRides(serve: Serve, tenantId: string, from: string, to: string): Promise<Generated | null> {
  const control = { tenantId: '', key: '', auth: { 'content-type': 'application/json' } };
  const answers: unknown[] = [];
  let rows = 0;
  const started = performance.now();
  for (let start = Date.parse(from); start <= Date.parse(to); start += DAYS_PER_CALL * DAY_MS) {
    const end = Math.min(start + (DAYS_PER_CALL - 1) * DAY_MS, Date.parse(to));
    const window = { tenantId, from: new Date(start).toISOString().slice(0, 10), to: new Date(end).toISOString().slice(0, 10) };
    const r = await call<{ platforms?: Record<string, { rides?: number }> }>(serve.base, control, 'POST', '/_testbed/rides/generate', window);
    if (r.status === 404) return null;
    if (r.status !== 200) throw new Error(`rides generate ${window.from}..${window.to} → ${r.status}: ${JSON.stringify(r.json)}`);
    rows += Object.values(r.json.platforms ?? {}).reduce((sum, p) => sum + (p.rides ?? 0), 0);
    answers.push(r.json);
  }
  return { rows, seconds: (performance.now() - started) / 1000, raw: answers };
}

const RAW_SCRIPT = fileURLToPath(new URL('./raw-insert.ts', import.meta.url));

/**
 * The raw insert runs in its own process so its heap and page cache do not weigh on the bench.
 * null when the API database has no rides table yet.
 */
export function rawInsert(rows: number, dir: string): Promise<{ rows: number; seconds: number } | null> {
  const file = join(dir, 'raw-insert.db');
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--import', 'tsx', RAW_SCRIPT, file, String(rows)], { timeout: 900_000, maxBuffer: 1 << 20 }, (err, stdout, stderr) => {
      for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
      if (err) return reject(new Error(`raw insert failed: ${stderr || err.message}`));
      resolve(JSON.parse(stdout));
    });
  });
}
