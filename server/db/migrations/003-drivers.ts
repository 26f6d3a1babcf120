export default {
  version: 3,
  name: 'drivers-and-assignments',
  sql: `
CREATE TABLE drivers (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants(id),
  name TEXT NOT NULL,
  whatsapp TEXT NOT NULL,
  -- One phone written three ways (5512345678, +525512345678, +5215512345678) is one key.
  whatsapp_key TEXT NOT NULL UNIQUE,
  email TEXT,
  city TEXT NOT NULL,
  license TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX drivers_tenant_order ON drivers(tenant_id, created_at DESC, id DESC);

CREATE TABLE driver_invitations (
  driver_id TEXT NOT NULL REFERENCES drivers(id),
  platform TEXT NOT NULL CHECK (platform IN ('platform_a', 'platform_b')),
  status TEXT NOT NULL CHECK (status IN ('none', 'invited', 'bound', 'rejected')),
  review_status TEXT CHECK (review_status IN ('pending', 'under_review', 'approved', 'rejected', 'suspended')),
  invited_at TEXT,
  accepted_at TEXT,
  platform_ref TEXT,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (driver_id, platform)
);
CREATE INDEX driver_invitations_status ON driver_invitations(platform, status);

CREATE TABLE assignments (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants(id),
  vehicle_id TEXT NOT NULL REFERENCES vehicles(id),
  driver_id TEXT NOT NULL REFERENCES drivers(id),
  status TEXT NOT NULL CHECK (status IN ('active', 'ended')),
  platform_sync TEXT NOT NULL CHECK (platform_sync IN ('synced', 'awaiting', 'pending', 'failed')),
  started_at TEXT NOT NULL,
  ended_at TEXT,
  created_at TEXT NOT NULL
);
-- The database itself enforces "at most one active assignment per vehicle and per driver".
CREATE UNIQUE INDEX assignments_one_active_vehicle ON assignments(vehicle_id) WHERE status = 'active';
CREATE UNIQUE INDEX assignments_one_active_driver ON assignments(driver_id) WHERE status = 'active';
CREATE INDEX assignments_tenant_order ON assignments(tenant_id, created_at DESC, id DESC);
CREATE INDEX assignments_vehicle ON assignments(vehicle_id, created_at DESC);
CREATE INDEX assignments_driver ON assignments(driver_id, created_at DESC);

-- Per-platform binding state of an assignment, retried by the background sync.
CREATE TABLE assignment_bindings (
  assignment_id TEXT NOT NULL REFERENCES assignments(id),
  platform TEXT NOT NULL CHECK (platform IN ('platform_a', 'platform_b')),
  state TEXT NOT NULL CHECK (state IN ('synced', 'awaiting', 'pending', 'failed', 'unbinding', 'unbound')),
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (assignment_id, platform)
);
`,
};
