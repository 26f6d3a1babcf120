import type { Db } from './open.ts';
import { invalidFields } from '../errors.ts';
import { cachedPrepare } from './statements.ts';

export interface Page<T> {
  data: T[];
  hasMore: boolean;
}

export interface Cursor {
  sortValue: string;
  id: string;
}

export interface KeysetQuery {
  select: string;
  from: string;
  where: string[];
  params: unknown[];
  sortCol: string;
  idCol: string;
  limit: number;
  cursor: Cursor | null;
}

export const cursorNotFound = () =>
  invalidFields([{ field: 'startingAfter', message: 'startingAfter no corresponde a ningún elemento de esta lista' }]);

/** Resolves a startingAfter id to its sort position; an id outside the list is a 400, not an empty page. */
export function requireCursor(row: Cursor | undefined): Cursor {
  if (!row) throw cursorNotFound();
  return row;
}

/** Newest first, ties by id (contract §3); fetches one extra row to know whether more follow. */
export function keysetPage<Row>(db: Db, q: KeysetQuery): { rows: Row[]; hasMore: boolean } {
  const where = [...q.where];
  const params = [...q.params];
  if (q.cursor) {
    where.push(`(${q.sortCol} < ? OR (${q.sortCol} = ? AND ${q.idCol} < ?))`);
    params.push(q.cursor.sortValue, q.cursor.sortValue, q.cursor.id);
  }
  const sql = `SELECT ${q.select} FROM ${q.from} ${where.length ? 'WHERE ' + where.join(' AND ') : ''}
    ORDER BY ${q.sortCol} DESC, ${q.idCol} DESC LIMIT ?`;
  const rows = cachedPrepare(db, sql).all(...params, q.limit + 1) as Row[];
  return { rows: rows.slice(0, q.limit), hasMore: rows.length > q.limit };
}


/**
 * A page of one tenant's rows of `table`, newest first by `created_at` then id, after the row
 * `startingAfter` when given; each filter given (not undefined) is a `column = value` condition.
 */
export function tenantPage<Row>(
  db: Db,
  table: 'vehicles' | 'drivers' | 'assignments',
  tenantId: string,
  filters: Record<string, unknown>,
  limit: number,
  startingAfter?: string,
): { rows: Row[]; hasMore: boolean } {
  const cursorOf = cachedPrepare(db, `SELECT created_at AS sortValue, id FROM ${table} WHERE id = ? AND tenant_id = ?`);
  const cursor = startingAfter ? requireCursor(cursorOf.get(startingAfter, tenantId) as Cursor | undefined) : null;
  const given = Object.entries(filters).filter(([, value]) => value !== undefined);
  const where = ['tenant_id = ?', ...given.map(([column]) => `${column} = ?`)];
  const params = [tenantId, ...given.map(([, value]) => value)];
  return keysetPage<Row>(db, { select: '*', from: table, where, params, sortCol: 'created_at', idCol: 'id', limit, cursor });
}
