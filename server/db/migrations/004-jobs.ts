export default {
  version: 4,
  name: 'batch-jobs',
  sql: `
CREATE TABLE jobs (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants(id),
  kind TEXT NOT NULL CHECK (kind IN ('vehicle_registrations', 'driver_invitations')),
  platform TEXT NOT NULL CHECK (platform IN ('platform_a', 'platform_b')),
  status TEXT NOT NULL CHECK (status IN ('pending', 'running', 'completed', 'failed')),
  total INTEGER NOT NULL,
  processed INTEGER NOT NULL DEFAULT 0,
  succeeded INTEGER NOT NULL DEFAULT 0,
  failed INTEGER NOT NULL DEFAULT 0,
  -- Why the job as a whole could not run (status failed); for the logs, not part of the Job resource.
  error TEXT,
  created_at TEXT NOT NULL,
  started_at TEXT,
  completed_at TEXT,
  -- The counters can never disagree, whatever the code does: SQLite refuses the write instead.
  CHECK (processed = succeeded + failed AND processed <= total)
);
CREATE INDEX jobs_open ON jobs(status) WHERE status IN ('pending', 'running');

-- One row per id of the batch, in request order. next_attempt_at is REAL epoch ms (backoff protects
-- the platforms, so it follows real time, never the simulated clock).
CREATE TABLE job_items (
  job_id TEXT NOT NULL REFERENCES jobs(id),
  position INTEGER NOT NULL,
  subject_id TEXT NOT NULL,
  plate TEXT,
  state TEXT NOT NULL CHECK (state IN ('queued', 'done', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL DEFAULT 0,
  message TEXT,
  finished_at TEXT,
  PRIMARY KEY (job_id, position),
  UNIQUE (job_id, subject_id)
);
-- The worker's queue: an open job's queued items in request order, without reading the done ones.
CREATE INDEX job_items_queue ON job_items(job_id, state, position);
CREATE INDEX job_items_subject ON job_items(subject_id) WHERE state = 'queued';
`,
};
