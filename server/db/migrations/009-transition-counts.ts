export default {
  version: 9,
  name: 'transition-counts',
  sql: `
-- Transition coverage (docs/coverage.md): how many times each state transition of spec §3 happened
-- in a tenant's world. Written in the transaction of the change itself, so it survives restarts,
-- goes back with a reset or a restore and leaves with its tenant. from_state '' is "no state yet".
CREATE TABLE transition_counts (
  tenant_id TEXT NOT NULL REFERENCES tenants(id),
  machine TEXT NOT NULL,
  from_state TEXT NOT NULL,
  to_state TEXT NOT NULL,
  count INTEGER NOT NULL CHECK (count > 0),
  PRIMARY KEY (tenant_id, machine, from_state, to_state)
) WITHOUT ROWID;
`,
};
