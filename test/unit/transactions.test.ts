import { describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/open.ts';
import { tempDatabaseFiles } from '../support/temp-db.ts';

/** A table with one row, and the row count as the connection reads it. */
const setUp = (db: Db) => db.exec('CREATE TABLE t (n INTEGER); INSERT INTO t VALUES (1)');
const count = (db: Db) => db.prepare('SELECT count(*) FROM t').pluck().get() as number;

describe('transactions on an API connection (server/db/open.ts)', () => {
  // Two connections to one file: the API's, and the ingestion writer thread's or the CLI's.
  const files = tempDatabaseFiles();

  it('when a transaction reads and then writes, then no other connection can commit in between: it holds the write lock from BEGIN', () => {
    const [api, other] = files(2);
    setUp(api);
    other.pragma('busy_timeout = 0'); // fail at once instead of waiting 5 s for the lock
    let otherError: unknown = null;

    api.transaction(() => {
      const before = count(api);
      try {
        other.prepare('INSERT INTO t VALUES (2)').run();
      } catch (err) {
        otherError = err;
      }
      api.prepare('INSERT INTO t VALUES (?)').run(before + 1); // a deferred transaction failed here: SQLITE_BUSY_SNAPSHOT
    })();

    expect((otherError as { code?: string } | null)?.code).toBe('SQLITE_BUSY');
    expect(count(other)).toBe(2);
  });

  it('when another connection holds the write lock, then BEGIN waits for it (busy_timeout) instead of a write failing mid-transaction', () => {
    const [api, other] = files(2);
    setUp(api);
    api.pragma('busy_timeout = 0');
    other.exec('BEGIN IMMEDIATE');

    expect(() => api.transaction(() => count(api))()).toThrow(expect.objectContaining({ code: 'SQLITE_BUSY' }));
    expect(api.inTransaction).toBe(false); // refused at BEGIN: nothing was read or written under it

    other.exec('COMMIT');
    expect(api.transaction(() => count(api))()).toBe(1);
  });

  it('when transactions nest, then the inner one is a savepoint: its failure rolls back only its own writes', () => {
    const [api] = files(1);
    setUp(api);
    const inner = api.transaction(() => {
      api.prepare('INSERT INTO t VALUES (3)').run();
      throw new Error('inner');
    });

    api.transaction(() => {
      api.prepare('INSERT INTO t VALUES (2)').run();
      expect(() => inner()).toThrow('inner');
    })();

    expect(api.prepare('SELECT n FROM t ORDER BY n').pluck().all()).toEqual([1, 2]);
  });
});
