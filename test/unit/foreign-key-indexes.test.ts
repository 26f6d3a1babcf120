import { describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/open.ts';
import { openDatabase } from '../../server/db/open.ts';
import { openSimulatorsDb } from '../../simulators/db.ts';

/**
 * Deleting a row SQLite must check every foreign key that points at it, by the child column: with no
 * index leading with that column, each check reads the whole child table, every world's rows. A
 * world's purge or restore then costs more with every other world (issue 38's restore beside many).
 */
function unindexedForeignKeys(db: Db): string[] {
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").pluck().all() as string[];
  return tables.flatMap((table) => {
    const leading = new Set((db.prepare('SELECT name FROM pragma_index_list(?) WHERE partial = 0').pluck().all(table) as string[])
      .map((index) => db.prepare('SELECT name FROM pragma_index_info(?) WHERE seqno = 0').pluck().get(index) as string));
    const primary = db.prepare('SELECT name FROM pragma_table_info(?) WHERE pk = 1').pluck().get(table) as string | undefined;
    if (primary) leading.add(primary);
    const keys = db.prepare('SELECT "from", "table" FROM pragma_foreign_key_list(?)').all(table) as { from: string; table: string }[];
    return keys.filter((k) => !leading.has(k.from)).map((k) => `${table}.${k.from} → ${k.table}`);
  });
}

describe('foreign keys: every child column leads an index', () => {
  it.each([
    ['the API\'s database', () => openDatabase(':memory:')],
    ['the simulators\' database', () => openSimulatorsDb(':memory:')],
  ])('in %s, then no foreign key is checked by reading its whole child table', (_name, open) => {
    const db = open();
    expect(unindexedForeignKeys(db)).toEqual([]);
    db.close();
  });
});
