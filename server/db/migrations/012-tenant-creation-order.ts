export default {
  version: 12,
  name: 'tenant-creation-order',
  sql: `
-- The order tenants were made in, for tenants made at one instant (a frozen clock): lists and the
-- restart hint's first tenant (the demo one) break created_at ties with it. It was the rowid, which
-- a world restore changes when it puts the tenant row back (its clock moved): the restored world
-- then jumped ahead of the others made at its instant. A column is copied and put back as it was.
ALTER TABLE tenants ADD COLUMN created_order INTEGER NOT NULL DEFAULT 0;
UPDATE tenants SET created_order = rowid;
CREATE INDEX tenants_created_order ON tenants(created_order);
`,
};
