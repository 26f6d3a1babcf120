import type { Db } from './open.ts';

type Statement = ReturnType<Db['prepare']> & { all(...params: unknown[]): unknown[]; get(...params: unknown[]): unknown };

const statementCache = new WeakMap<Db, Map<string, Statement>>();

/** Filters make the SQL vary: each distinct text is prepared once per connection, then reused. */
export function cachedPrepare(db: Db, sql: string): Statement {
  let perDb = statementCache.get(db);
  if (!perDb) statementCache.set(db, (perDb = new Map()));
  let stmt = perDb.get(sql);
  if (!stmt) perDb.set(sql, (stmt = db.prepare(sql) as Statement));
  return stmt;
}
