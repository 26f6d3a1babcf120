import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { changeStamp } from '../../server/db/change-stamp.ts';
import { openDatabase, type Db } from '../../server/db/open.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

/** Two connections on one file, each with a table `t` to write to. */
function twoConnections(): [Db, Db] {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-stamp-'));
  const dbs: [Db, Db] = [openDatabase(join(dir, 'x.db')), openDatabase(join(dir, 'x.db'))];
  dbs[0].exec('CREATE TABLE t (x)');
  cleanups.push(() => (dbs.forEach((db) => db.close()), rmSync(dir, { recursive: true, force: true })));
  return dbs;
}

describe('changeStamp', () => {
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
