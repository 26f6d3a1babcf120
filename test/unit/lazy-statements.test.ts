import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { lazyStatements } from '../../server/db/lazy-statements.ts';
import { openDatabase } from '../../server/db/open.ts';
import { SimClock } from '../../server/lib/clock.ts';
import { createSimulatorsApp } from '../../simulators/app.ts';
import { openSimulatorsDb } from '../../simulators/db.ts';
import { makeTestApp, migratedMemoryDatabase, TEST_CLOCK_START } from '../support/app.ts';

/** A connection with lazy statements and one table of two rows. */
function db() {
  const d = new Database(':memory:');
  d.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO t VALUES (1, 'a'), (2, 'b');");
  let compiled = 0;
  const prepare = d.prepare.bind(d);
  d.prepare = ((sql: string) => (compiled++, prepare(sql))) as typeof d.prepare;
  lazyStatements(d);
  return { d, compiled: () => compiled };
}

describe('lazy statements (server/db/lazy-statements.ts)', () => {
  it('when a statement is prepared, then its SQL is compiled only at its first use, and once', () => {
    const { d, compiled } = db();
    const byId = d.prepare('SELECT name FROM t WHERE id = ?');
    expect(compiled()).toBe(0);

    expect(byId.get(1)).toEqual({ name: 'a' });
    expect(byId.get(2)).toEqual({ name: 'b' });
    expect(compiled()).toBe(1);
  });

  it('when its SQL is wrong, then the error comes at its first use, not when prepared', () => {
    const { d } = db();
    const wrong = d.prepare('SELECT nope FROM t');

    expect(() => wrong.all()).toThrow(/no such column: nope/);
  });

  it('when pluck, raw or expand is called before the first use, then the compiled statement answers so', () => {
    const { d } = db();

    expect(d.prepare('SELECT name FROM t ORDER BY id').pluck().all()).toEqual(['a', 'b']);
    expect(d.prepare('SELECT id, name FROM t ORDER BY id').raw().all()).toEqual([[1, 'a'], [2, 'b']]);
    expect(d.prepare('SELECT name FROM t WHERE id = 1').expand().get()).toEqual({ t: { name: 'a' } });
    // The last mode called wins, as on a statement compiled at once.
    expect(d.prepare('SELECT id, name FROM t WHERE id = 1').pluck().raw().get()).toEqual([1, 'a']);
  });

  it('when a mode is called after the first use, then it changes the compiled statement', () => {
    const { d } = db();
    const names = d.prepare('SELECT name FROM t ORDER BY id');
    expect(names.all()).toEqual([{ name: 'a' }, { name: 'b' }]);

    expect(names.pluck().all()).toEqual(['a', 'b']);
    expect(names.pluck(false).all()).toEqual([{ name: 'a' }, { name: 'b' }]);
  });

  it('when written, iterated, bound or asked about, then it answers as the compiled statement would', () => {
    const { d } = db();
    const insert = d.prepare('INSERT INTO t (name) VALUES (@name)');
    expect(insert.run({ name: 'c' })).toMatchObject({ changes: 1, lastInsertRowid: 3 });
    expect([...d.prepare('SELECT id FROM t ORDER BY id').pluck().iterate()]).toEqual([1, 2, 3]);
    expect(d.prepare('SELECT name FROM t WHERE id = ?').bind(3).get()).toEqual({ name: 'c' });
    const read = d.prepare('SELECT id, name FROM t');
    expect([read.reader, read.readonly, read.source]).toEqual([true, true, 'SELECT id, name FROM t']);
    expect(read.columns().map((c) => c.name)).toEqual(['id', 'name']);
    expect(insert.reader).toBe(false);
  });

  it('when the API opens its database, then its statements are lazy too (openDatabase)', () => {
    const api = openDatabase(':memory:');
    const wrong = api.prepare('SELECT nope FROM tenants');
    expect(() => wrong.get()).toThrow(/no such column/);
    api.close();
  });
});

/**
 * Compiled at first use, a statement with a mistake in its SQL fails only where a test runs it: this
 * compiles every statement the API's services and the simulators prepare as they are built, so a
 * typo in one no test runs still fails the suite, as it did when each was compiled at once.
 */
describe('every statement the API and the simulators prepare', () => {
  function recording(db: Database.Database): string[] {
    const seen: string[] = [];
    const lazy = db.prepare.bind(db);
    db.prepare = ((sql: string) => (seen.push(sql), lazy(sql))) as typeof db.prepare;
    return seen;
  }
  const compiles = (db: Database.Database, seen: string[]) =>
    seen.filter((sql) => {
      try {
        Database.prototype.prepare.call(db, sql);
        return false;
      } catch {
        return true;
      }
    });

  it('when the API app is built, then each of its statements compiles', () => {
    const db = migratedMemoryDatabase();
    const seen = recording(db);
    makeTestApp({ db });

    expect(seen.length).toBeGreaterThan(200);
    expect(compiles(db, seen)).toEqual([]);
  });

  it('when the simulators are built, then each of their statements compiles', () => {
    const db = openSimulatorsDb(':memory:');
    const seen = recording(db);
    createSimulatorsApp({ db, clock: SimClock.frozenAt(TEST_CLOCK_START), seed: 7 });

    expect(seen.length).toBeGreaterThan(50);
    expect(compiles(db, seen)).toEqual([]);
  });
});
