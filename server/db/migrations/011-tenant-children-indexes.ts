export default {
  version: 11,
  name: 'tenant-children-indexes',
  sql: `
-- Deleting a tenant row (its deletion, a world restore's put-back) checks every foreign key that
-- points at it: without an index on these two, each check read every world's documents and jobs.
CREATE INDEX documents_tenant ON documents(tenant_id);
CREATE INDEX jobs_tenant ON jobs(tenant_id);
`,
};
