/**
 * `node --import tsx bench/raw-insert.ts FILE ROWS`: the ingestion baseline. ROWS rides written
 * straight into the API's own rides table (same migrations, pragmas, UNIQUE id and three indexes,
 * via openDatabase) with one prepared INSERT in one transaction: about the fastest SQLite stores
 * them on this machine. Prints `{"rows","seconds"}`, or `null` when the API has no rides table.
 */
import { randomUUID } from 'node:crypto';
import { openDatabase } from '../server/db/open.ts';

const [file, rowsArg] = process.argv.slice(2);
const rows = Number(rowsArg);
const db = openDatabase(file);
if (!db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'rides'").get()) {
  process.stdout.write('null');
  process.exit(0);
}

const COLUMNS = ['id', 'tenant_id', 'platform', 'platform_ride_id', 'vehicle_id', 'driver_id', 'service_date', 'status',
  'started_at_ms', 'completed_at_ms', 'distance_hkm', 'gross_cents', 'tip_cents', 'net_cents', 'updated_at'];
// Rows like the real ones: one tenant, 500 vehicles taking turns, start times rising through the
// year, ids random (the API's are hashes, so its UNIQUE index is filled in random order too).
const TENANT = randomUUID();
const VEHICLES = Array.from({ length: 500 }, () => randomUUID());
const START_MS = Date.parse('2025-01-01T06:00:00Z');
const STEP_MS = Math.max(1, Math.floor((365 * 86_400_000) / Math.max(rows, 1)));
const NOW = new Date().toISOString();
const dates = new Map<number, string>();
const dateOf = (ms: number) => {
  const day = Math.floor((ms - 6 * 3_600_000) / 86_400_000);
  let s = dates.get(day);
  if (!s) dates.set(day, (s = new Date(day * 86_400_000).toISOString().slice(0, 10)));
  return s;
};

// The tenant row exists, as the foreign key on tenant_id requires.
db.prepare("INSERT INTO tenants (id, name, status, created_at) VALUES (?, 'raw', 'active', ?)").run(TENANT, NOW);
const insert = db.prepare(`INSERT INTO rides (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})`);
const started = performance.now();
db.transaction(() => {
  for (let i = 0; i < rows; i++) {
    const t = START_MS + i * STEP_MS;
    const gross = 4_000 + (i % 23_000);
    insert.run(randomUUID(), TENANT, 'platform_b', `pb_${i}`, VEHICLES[i % 500], null, dateOf(t), 'completed',
      t, t + 1_200_000, 300 + (i % 2_000), gross, i % 7 ? 0 : 2_000, Math.round(gross * 0.75), NOW);
  }
})();
const seconds = (performance.now() - started) / 1000;
db.close();
process.stdout.write(JSON.stringify({ rows, seconds }));
