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
