/**
 * Baseline: the framework's own ceiling for GET /v1/vehicles/{id}. Express 5, the same bearer-hash
 * lookup as the API (prefixOf, hashSecret and a constant-time compare against api_keys) and one
 * SQLite read of the vehicle, on the bench's own api.db. No request id, log, scope or view: what
 * the API spends above this is what its middleware and presentation cost.
 * Env: PORT, BENCH_DB (path of an api.db, opened read-only).
 */
import Database from 'better-sqlite3';
import express from 'express';
import { timingSafeEqual } from 'node:crypto';
import { hashSecret, prefixOf } from '../../server/auth/secrets.ts';

const db = new Database(process.env.BENCH_DB!, { readonly: true, fileMustExist: true });
const keyByPrefix = db.prepare('SELECT tenant_id, secret_hash, revoked_at FROM api_keys WHERE prefix = ?');
const vehicle = db.prepare('SELECT * FROM vehicles WHERE id = ? AND tenant_id = ?');

const app = express();
app.disable('x-powered-by');
app.set('etag', false);
app.get('/v1/vehicles/:id', (req, res) => {
  const secret = /^Bearer\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '')?.[1] ?? '';
  const prefix = prefixOf(secret);
  const key = prefix ? (keyByPrefix.get(prefix) as { tenant_id: string; secret_hash: Buffer; revoked_at: string | null } | undefined) : undefined;
  if (!key || key.revoked_at || !timingSafeEqual(hashSecret(secret), key.secret_hash)) {
    res.status(401).json({ error: { code: 'UNAUTHORIZED' } });
    return;
  }
  const row = vehicle.get(req.params.id, key.tenant_id);
  if (!row) res.status(404).json({ error: { code: 'NOT_FOUND' } });
  else res.json(row);
});
const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`baseline listening on http://127.0.0.1:${(server.address() as { port: number }).port}`);
});
process.on('SIGTERM', () => (server.closeAllConnections(), server.close(), db.close(), process.exit(0)));
