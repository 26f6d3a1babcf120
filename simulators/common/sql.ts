import type { Statement } from 'better-sqlite3';
import type { SimDb } from '../db.ts';

/**
 * One "save the whole row" statement per table: the state machines change several columns at once
 * and write the row back, which keeps every transition a plain object update.
 */
export function upsertStatement(db: SimDb, table: string, columns: readonly string[]): Statement {
  const updates = columns.filter((c) => c !== 'id').map((c) => `${c} = excluded.${c}`);
  return db.prepare(
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})
     ON CONFLICT(id) DO UPDATE SET ${updates.join(', ')}`,
  );
}

/**
 * One trigger after each of `events` on `table` (named `<table>_<name>_<event>`) running `body` for
 * the row written: NEW, or OLD for a delete. The fleets' bookkeeping (fleet_due, fleet_changes) is
 * kept so: nothing that writes their records can forget it.
 */
export function afterWrite(table: string, name: string, events: readonly ('INSERT' | 'UPDATE' | 'DELETE')[], body: (row: 'NEW' | 'OLD') => string): string {
  return events
    .map((event) => `CREATE TRIGGER ${table}_${name}_${event.toLowerCase()} AFTER ${event} ON ${table} BEGIN
  ${body(event === 'DELETE' ? 'OLD' : 'NEW')};
END;`)
    .join('\n');
}
