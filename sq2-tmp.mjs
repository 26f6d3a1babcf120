import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
const variant = process.argv[2];
const db = new Database(process.argv[3] ?? ':memory:');
db.pragma('journal_mode = WAL'); db.pragma('synchronous = NORMAL'); if (process.argv[4]) db.pragma('cache_size = ' + process.argv[4]);
const uuid = (s) => { const h = createHash('sha256').update(s).digest('hex'); return `${h.slice(0,8)}-${h.slice(8,12)}-${h.slice(12,16)}-${h.slice(16,20)}-${h.slice(20,32)}`; };
const idx = {
  all: `CREATE INDEX r1 ON r(tenant_id, platform, st DESC, id DESC); CREATE INDEX r2 ON r(tenant_id, platform, driver_id, st DESC, id DESC); CREATE INDEX r3 ON r(tenant_id, platform, vehicle_id, st DESC, id DESC);`,
  two: `CREATE INDEX r1 ON r(tenant_id, platform, st DESC, id DESC); CREATE INDEX r2 ON r(tenant_id, platform, driver_id, st DESC, id DESC);`,
  one: `CREATE INDEX r1 ON r(tenant_id, platform, st DESC, id DESC);`,
  none: ``,
}[variant];
db.exec(`CREATE TABLE r (id TEXT NOT NULL UNIQUE, tenant_id TEXT, platform TEXT, pid TEXT, vehicle_id TEXT, driver_id TEXT, sd TEXT, status TEXT, st INTEGER, ct INTEGER, d INTEGER, g INTEGER, tip INTEGER, n INTEGER, u TEXT); ${idx}`);
const rows = [];
const V = Array.from({ length: 500 }, (_, v) => uuid('v' + v));
for (let i = 0; i < 400000; i++) { const v = i % 500; const day = Math.floor(i / 5000); const st = 1740000000000 + day * 86400000 + Math.floor(Math.random() * 86400000);
  rows.push([uuid('x' + i), '7c0c4b8e-0f8e-4a39-9b0e-1f7e6e0c5a11', 'platform_b', 'pb-' + i, V[v], null, '2025-03-02', 'completed', st, st + 1, 5, 6, 7, 8, '2026-03-02T15:00:00.000Z']); }
const ins = db.prepare(`INSERT INTO r VALUES (${rows[0].map(() => '?').join(',')})`);
const t = process.cpuUsage(); const w = Date.now();
for (let b = 0; b < rows.length; b += 10000) db.transaction(() => { for (let i = b; i < Math.min(b + 10000, rows.length); i++) ins.run(rows[i]); })();
const u = process.cpuUsage(t);
console.log(variant, process.argv[3] ? 'file' : 'mem', 'µs/row cpu', ((u.user + u.system) / rows.length).toFixed(1), 'wall', ((Date.now() - w) * 1000 / rows.length).toFixed(1));
