/**
 * `node --import tsx bench/raw-insert.ts FILE ROWS`: the ingestion baseline. ROWS rides written
 * straight into the API's own rides table (same migrations, pragmas, primary key and indexes,
 * via openDatabase) with one prepared INSERT in one transaction: about the fastest SQLite stores
 * them on this machine. Prints `{"rows","seconds"}`, or `null` when the API has no rides table.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { openDatabase } from '../server/db/open.ts';
import { uuidBytes } from '../server/lib/ids.ts';

const [file, rowsArg] = process.argv.slice(2);
const rows = Number(rowsArg);
const db = openDatabase(file);
if (!db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'rides'").get()) {
  process.stdout.write('null');
  process.exit(0);
}

// Rows like the real ones, in the API's layout (migration 006): one tenant's feed, 500 vehicles taking
// turns, start times rising through the year, ids UUIDv7-shaped (ride-key.ts) with random low bits.
const TENANT = randomUUID();
const VEHICLES = Array.from({ length: 500 }, () => uuidBytes(randomUUID()));
const START_MS = Date.parse('2025-01-01T06:00:00Z');
const STEP_MS = Math.max(1, Math.floor((365 * 86_400_000) / Math.max(rows, 1)));
const NOW = new Date().toISOString();
const keyOf = (ms: number) => {
  const key = randomBytes(16);
  key.writeUIntBE(ms, 0, 6);
  return key;
};

// The tenant row and its feed exist, as the foreign keys require.
db.prepare("INSERT INTO tenants (id, name, status, created_at) VALUES (?, 'raw', 'active', ?)").run(TENANT, NOW);
const feed = db.prepare("INSERT INTO ride_feeds (tenant_id, platform) VALUES (?, 'platform_b') RETURNING id").pluck().get(TENANT);
const insert = db.prepare(`INSERT INTO rides (feed, id, vehicle_id, driver_id, status, started_at_ms, completed_at_ms,
  distance_hkm, gross_cents, tip_cents, net_cents) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
const started = performance.now();
db.transaction(() => {
  for (let i = 0; i < rows; i++) {
    const t = START_MS + i * STEP_MS;
    const gross = 4_000 + (i % 23_000);
    insert.run(feed, keyOf(t), VEHICLES[i % 500], null, 'completed', t, t + 1_200_000, 300 + (i % 2_000), gross,
      i % 7 ? 0 : 2_000, Math.round(gross * 0.75));
  }
})();
const seconds = (performance.now() - started) / 1000;
db.close();
process.stdout.write(JSON.stringify({ rows, seconds }));
