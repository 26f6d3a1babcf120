import type { Db } from './open.ts';

/** Sets a named value of the `counters` table (a note serve leaves for the CLI, say). */
export function setCounter(db: Db, name: string, value: number): void {
  db.prepare('INSERT INTO counters (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value').run(name, value);
}

/** A named value of the `counters` table; undefined when it was never set. */
export function readCounter(db: Db, name: string): number | undefined {
  return db.prepare('SELECT value FROM counters WHERE name = ?').pluck().get(name) as number | undefined;
}
