import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/open.ts';
import { SERVICE_TABLES, TENANT_ROWS } from '../../server/tenants/purge.ts';

describe('tenant purge', () => {
  it('when the schema has a table, then the purge either deletes a tenant\'s rows from it or it is a service table', () => {
    const db = openDatabase(':memory:');
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").pluck().all() as string[];

    const covered = [...TENANT_ROWS.map((r) => r.table), ...SERVICE_TABLES];

    expect([...tables].sort()).toEqual([...new Set(covered)].sort());
  });
});
