export default {
  version: 8,
  name: 'tenant-clocks',
  sql: `
-- A tenant is a world with its own simulated clock: its time is the service time (clock_state) plus
-- this offset, 0 at creation, grown only by \`clock advance --tenant\` (server/lib/clocks.ts).
ALTER TABLE tenants ADD COLUMN clock_offset_ms INTEGER NOT NULL DEFAULT 0;
`,
};
