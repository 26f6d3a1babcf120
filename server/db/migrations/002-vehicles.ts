export default {
  version: 2,
  name: 'vehicles',
  sql: `
CREATE TABLE vehicles (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants(id),
  plate TEXT NOT NULL,
  -- Uniqueness is service-wide and on the normalised plate, so 'ABC-123' and 'abc 123' clash.
  plate_key TEXT NOT NULL UNIQUE,
  brand TEXT NOT NULL,
  model TEXT NOT NULL,
  year INTEGER NOT NULL,
  color_id INTEGER NOT NULL,
  city TEXT,
  vin TEXT UNIQUE,
  status TEXT NOT NULL CHECK (status IN ('activo', 'mantenimiento', 'inactivo', 'pending_platform_a')),
  -- The status to return to when a platform_a review ends (contract §3).
  status_before_pending TEXT,
  platforms TEXT NOT NULL,
  notes TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX vehicles_tenant_order ON vehicles(tenant_id, created_at DESC, id DESC);
CREATE INDEX vehicles_tenant_status ON vehicles(tenant_id, status, created_at DESC, id DESC);

CREATE TABLE vehicle_registrations (
  vehicle_id TEXT NOT NULL REFERENCES vehicles(id),
  platform TEXT NOT NULL CHECK (platform IN ('platform_a', 'platform_b')),
  status TEXT NOT NULL CHECK (status IN ('none', 'pending', 'approved', 'rejected', 'registered', 'removed')),
  documents_required INTEGER NOT NULL DEFAULT 0,
  doc_status TEXT,
  doc_review_status TEXT,
  registered_at TEXT,
  approved_at TEXT,
  platform_ref TEXT,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (vehicle_id, platform)
);
CREATE INDEX vehicle_registrations_status ON vehicle_registrations(platform, status);

CREATE TABLE documents (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants(id),
  vehicle_id TEXT NOT NULL REFERENCES vehicles(id),
  type TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('submitted', 'failed')),
  content_type TEXT NOT NULL,
  size_bytes INTEGER,
  submitted_at TEXT NOT NULL,
  platform_ref TEXT
);
CREATE INDEX documents_vehicle ON documents(vehicle_id, submitted_at DESC, id DESC);
`,
};
