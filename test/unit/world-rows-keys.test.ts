import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/open.ts';
import { TENANT_ROWS } from '../../server/tenants/purge.ts';
import { FLEET_ROWS } from '../../simulators/common/fleet-control.ts';
import { openSimulatorsDb } from '../../simulators/db.ts';

const keyless = (db: ReturnType<typeof openDatabase>, tables: string[]) =>
  tables.filter((table) => (db.prepare('SELECT count(*) FROM pragma_table_info(?) WHERE pk > 0').pluck().get(table) as number) === 0);

/** A world restore puts rows back by difference, matched by primary key (row-difference.ts, records-difference.ts). */
describe('every table a world snapshot holds has a primary key', () => {
  it('when the API\'s and the platforms\' world tables are listed, then none lacks one', () => {
    expect(keyless(openDatabase(':memory:'), TENANT_ROWS.map((r) => r.table))).toEqual([]);
    expect(keyless(openSimulatorsDb(':memory:'), FLEET_ROWS.map((r) => r.table))).toEqual([]);
  });
});
