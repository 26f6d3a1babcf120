/**
 * `node --import tsx bench/raw-insert.ts FILE ROWS`: the ingestion baseline. ROWS rides written
 * straight into the API's own rides table (same migrations, pragmas and indexes, via openDatabase)
 * with one prepared statement in one transaction: the fastest SQLite can store them on this machine.
 * Prints `{"rows","seconds"}`, or `null` when the API has no rides table yet.
 */
import { openDatabase } from '../server/db/open.ts';

const [file, rowsArg] = process.argv.slice(2);
const rows = Number(rowsArg);
const db = openDatabase(file);
const hasRides = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'rides'").get();
if (!hasRides) {
  process.stdout.write('null');
  process.exit(0);
}

interface Column {
  name: string;
  type: string;
  notnull: number;
  pk: number;
}
const columns = db.prepare('PRAGMA table_info(rides)').all() as Column[];

/**
 * A plausible value per column, by name: the baseline must pay for the same row width and the same
 * index updates as the real ingestion, not be cheaper because its rows are empty.
 */
function valueFor(c: Column, i: number): unknown {
  const day = new Date(Date.UTC(2025, 0, 1) + Math.floor(i / 2_000) * 86_400_000);
  const n = c.name;
  if (c.pk || n === 'id' || n.endsWith('_ref') || n === 'external_id') return `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
  if (n === 'platform') return i % 2 ? 'platform_a' : 'platform_b';
  if (n === 'status') return 'completed';
  if (n.endsWith('_date') || n === 'date') return day.toISOString().slice(0, 10);
  if (n.endsWith('_at')) return new Date(day.getTime() + (i % 2_000) * 30_000).toISOString();
  if (n.endsWith('_id')) return `00000000-0000-4000-8000-${String(i % 500).padStart(12, '0')}`;
  if (/int|real|num/i.test(c.type)) return (i % 997) + 0.5;
  return `v${i % 1000}`;
}

// Foreign keys point at tenants and vehicles this scratch database does not have; the real
// ingestion checks them, so this floor is, if anything, a little too low, never too high.
db.pragma('foreign_keys = OFF');
const insert = db.prepare(`INSERT INTO rides (${columns.map((c) => c.name).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
const started = performance.now();
db.transaction(() => {
  for (let i = 0; i < rows; i++) insert.run(...columns.map((c) => valueFor(c, i)));
})();
const seconds = (performance.now() - started) / 1000;
db.close();
process.stdout.write(JSON.stringify({ rows, seconds }));
