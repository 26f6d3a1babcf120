import { z } from 'zod';
import type { Db } from '../db/open.ts';
import { validation } from './errors.ts';

/** Query strings arrive as text: accept only plain digits so "1e1" or "2.0" are not silently taken. */
const LimitParam = z
  .string()
  .regex(/^\d{1,4}$/, 'limit debe ser un número entero entre 1 y 100')
  .transform(Number)
  .pipe(z.number().int().min(1, 'limit debe ser al menos 1').max(100, 'limit debe ser como máximo 100'));

export const PageParams = z.object({
  limit: LimitParam.optional().default(25),
  // Ids are stored in lower case; a UUID is case-insensitive, so the cursor is compared in lower case.
  startingAfter: z.uuid('startingAfter debe ser un UUID').transform((s) => s.toLowerCase()).optional(),
});

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

type Statement = ReturnType<Db['prepare']> & { all(...params: unknown[]): unknown[] };

const statementCache = new WeakMap<Db, Map<string, Statement>>();

/** Filters make the SQL vary; caching per text keeps preparing off the hot path. */
export function cachedPrepare(db: Db, sql: string): Statement {
  let perDb = statementCache.get(db);
  if (!perDb) statementCache.set(db, (perDb = new Map()));
  let stmt = perDb.get(sql);
  if (!stmt) perDb.set(sql, (stmt = db.prepare(sql) as Statement));
  return stmt;
}
