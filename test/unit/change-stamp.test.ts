import { describe, expect, it } from 'vitest';
import { changeStamp } from '../../server/db/change-stamp.ts';
import type { Db } from '../../server/db/open.ts';
import { tempDatabaseFiles } from '../support/temp-db.ts';

describe('changeStamp', () => {
  const connections = tempDatabaseFiles();

  /** Two connections on one file, with a table `t` to write to. */
  function twoConnections(): Db[] {
    const dbs = connections(2);
    dbs[0].exec('CREATE TABLE t (x)');
    return dbs;
  }

  it('when nobody writes (reads only, from either connection), then the stamp stays the same', () => {
    const [mine, other] = twoConnections();
    const stamp = changeStamp(mine);
    const before = stamp();

    mine.prepare('SELECT * FROM t').all();
    other.prepare('SELECT * FROM t').all();

    expect(stamp()).toBe(before);
  });

  it('when this connection writes a row, then the stamp moves', () => {
    const [mine] = twoConnections();
    const stamp = changeStamp(mine);
    const before = stamp();

    mine.prepare('INSERT INTO t VALUES (1)').run();

    expect(stamp()).not.toBe(before);
  });

  it('when this connection writes and rolls back, then the stamp moves all the same (it errs towards "changed")', () => {
    const [mine] = twoConnections();
    const stamp = changeStamp(mine);
    const before = stamp();

    expect(() =>
      mine.transaction(() => {
        mine.prepare('INSERT INTO t VALUES (1)').run();
        throw new Error('rollback');
      })(),
    ).toThrow('rollback');

    expect(stamp()).not.toBe(before);
  });

  it('when another connection commits, then the stamp moves', () => {
    const [mine, other] = twoConnections();
    const stamp = changeStamp(mine);
    const before = stamp();

    other.prepare('INSERT INTO t VALUES (1)').run();

    expect(stamp()).not.toBe(before);
  });
});
