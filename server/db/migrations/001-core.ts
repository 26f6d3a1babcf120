export default {
  version: 1,
  name: 'core',
  sql: `
CREATE TABLE tenants (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('active', 'pending')),
  created_at TEXT NOT NULL
);
CREATE TABLE api_keys (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants(id),
  prefix TEXT NOT NULL UNIQUE,
  secret_hash BLOB NOT NULL,
  scopes TEXT NOT NULL,
  environment TEXT NOT NULL CHECK (environment IN ('live', 'test')),
  created_at TEXT NOT NULL,
  revoked_at TEXT
);
CREATE INDEX api_keys_tenant ON api_keys(tenant_id);
-- Persisted counters behind the deterministic id generator (see server/lib/ids.ts).
CREATE TABLE counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
-- The simulated clock survives restarts: one row.
CREATE TABLE clock_state (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  frozen_at_ms INTEGER,
  offset_ms INTEGER NOT NULL
);
`,
};
