import type { Db } from './open.ts';
import { validation } from '../errors.ts';
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
  validation('startingAfter no corresponde a ningún elemento de esta lista.', [
    { field: 'startingAfter', message: 'Cursor desconocido' },
  ]);

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

