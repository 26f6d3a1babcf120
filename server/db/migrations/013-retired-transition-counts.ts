export default {
  version: 13,
  name: 'retired-transition-counts',
  sql: `
-- The transition counts of deleted worlds (tenants/purge.ts moves them here as the world goes),
-- added up per transition: the testbed-wide coverage (GET /_testbed/coverage without a tenant, the
-- CLI's coverage) still counts what a suite's worlds did once the suite has deleted them. A world's
-- own coverage is its live rows alone. from_state '' is "no state yet", as in transition_counts.
CREATE TABLE retired_transition_counts (
  machine TEXT NOT NULL,
  from_state TEXT NOT NULL,
  to_state TEXT NOT NULL,
  count INTEGER NOT NULL CHECK (count > 0),
  PRIMARY KEY (machine, from_state, to_state)
) WITHOUT ROWID;
`,
};
