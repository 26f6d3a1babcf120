/**
 * Ride generation and ingestion through the real path (`fleet-sim rides generate`: the simulators
 * produce, the API ingests), against the floor of what SQLite can do: a raw better-sqlite3 insert of
 * the same number of rows, one prepared statement in one transaction, into a fresh API database.
 */
import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Serve } from './serve.ts';

export interface Generated {
  rows: number;
  seconds: number;
  raw: unknown;
}

/** Adds up the numeric counts of the CLI's answer, whatever its nesting (one count per platform). */
function countRides(value: unknown, key = ''): number {
  if (typeof value === 'number') return /ride/i.test(key) ? value : 0;
  if (!value || typeof value !== 'object') return 0;
  return Object.entries(value).reduce((sum, [k, v]) => sum + countRides(v, /ride/i.test(key) ? key : k), 0);
}

/** null when this checkout has no `rides generate` yet. */
export async function generateRides(serve: Serve, tenantId: string, from: string, to: string): Promise<Generated | null> {
  const started = performance.now();
  try {
    const raw = await serve.cli(['rides', 'generate', '--tenant', tenantId, '--from', from, '--to', to], 1_800_000);
    return { rows: countRides(raw), seconds: (performance.now() - started) / 1000, raw };
  } catch (err) {
    if (/unknown command|too many arguments/i.test(String(err))) return null;
    throw err;
  }
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
