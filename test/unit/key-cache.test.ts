import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../server/db/open.ts';
import { keyCacheOf, MAX_KEYS } from '../../server/tenants/key-cache.ts';
import { tempDatabaseFiles } from '../support/temp-db.ts';

/**
 * What a request sent after another process's commit meets first: the event loop polling once,
 * which delivers the file system's news of the commit. Two check phases hold one poll between them.
 */
const afterOnePoll = async () => {
  for (let i = 0; i < 2; i++) await new Promise((resolve) => setImmediate(resolve));
};

/** A loader over a one-column table that counts its calls: what the cache did is what it loaded. */
function counted(db: Db) {
  db.exec('CREATE TABLE IF NOT EXISTS k (prefix TEXT PRIMARY KEY, revoked INTEGER NOT NULL DEFAULT 0)');
  const read = db.prepare('SELECT prefix, revoked FROM k WHERE prefix = ?');
  const loader = {
    calls: 0,
    load: (prefix: string) => {
      loader.calls++;
      return read.get(prefix) as { prefix: string; revoked: number } | undefined;
    },
  };
  return loader;
}

describe('key cache', () => {
  // Two connections on one file: the API's and another process's (the CLI), as in `fleet-sim keys revoke`.
  const twoConnections = tempDatabaseFiles();

  it('when nothing changed since a key was read, then the next lookups do not read it again', () => {
    const db = openDatabase(':memory:');
    const loader = counted(db);
    db.prepare("INSERT INTO k (prefix) VALUES ('a')").run();
    const cache = keyCacheOf<{ prefix: string; revoked: number }>(db);

    const first = cache.get('a', loader.load);
    const again = [cache.get('a', loader.load), cache.get('a', loader.load)];

    expect(first).toEqual({ prefix: 'a', revoked: 0 });
    expect(again).toEqual([first, first]);
    expect(loader.calls).toBe(1);
  });

  it('when this connection writes a row (any table), then the next lookup reads the key again', () => {
    const db = openDatabase(':memory:');
    const loader = counted(db);
    db.prepare("INSERT INTO k (prefix) VALUES ('a')").run();
    const cache = keyCacheOf<{ revoked: number }>(db);
    cache.get('a', loader.load);

    db.prepare("UPDATE k SET revoked = 1 WHERE prefix = 'a'").run();

    expect(cache.get('a', loader.load)?.revoked).toBe(1);
    expect(loader.calls).toBe(2);
  });

  it('when another connection commits (another process revoking), then the first lookup after the event loop polls sees it', async () => {
    const [api, cli] = twoConnections();
    const loader = counted(api);
    api.prepare("INSERT INTO k (prefix) VALUES ('a')").run();
    const cache = keyCacheOf<{ revoked: number }>(api);
    expect(cache.get('a', loader.load)?.revoked).toBe(0);
    expect(cache.get('a', loader.load)?.revoked).toBe(0);
    expect(loader.calls).toBe(1);

    cli.prepare("UPDATE k SET revoked = 1 WHERE prefix = 'a'").run();
    await afterOnePoll();

    expect(cache.get('a', loader.load)?.revoked).toBe(1);
    expect(loader.calls).toBe(2);
  });

  it('when another connection commits to an unrelated table, then the cache starts over all the same', async () => {
    const [api, cli] = twoConnections();
    const loader = counted(api);
    api.prepare("INSERT INTO k (prefix) VALUES ('a')").run();
    const cache = keyCacheOf(api);
    cache.get('a', loader.load);

    cli.exec('CREATE TABLE other (x); INSERT INTO other VALUES (1)');
    await afterOnePoll();
    cache.get('a', loader.load);

    expect(loader.calls).toBe(2);
  });

  it('when a prefix is unknown, then it is not kept: each lookup reads again and finds the key once it exists', () => {
    const db = openDatabase(':memory:');
    const loader = counted(db);
    const cache = keyCacheOf(db);

    const misses = [cache.get('nope', loader.load), cache.get('nope', loader.load)];
    db.prepare("INSERT INTO k (prefix) VALUES ('nope')").run();
    const found = cache.get('nope', loader.load);

    expect(misses).toEqual([undefined, undefined]);
    expect(found).toEqual({ prefix: 'nope', revoked: 0 });
    expect(loader.calls).toBe(3);
  });

  it('when more keys than the bound are read, then the cache starts over instead of growing', () => {
    const db = openDatabase(':memory:');
    const loader = counted(db);
    const insert = db.prepare('INSERT INTO k (prefix) VALUES (?)');
    db.transaction(() => {
      for (let i = 0; i <= MAX_KEYS; i++) insert.run(`p${i}`);
    })();
    const cache = keyCacheOf(db);
    for (let i = 0; i < MAX_KEYS; i++) cache.get(`p${i}`, loader.load);
    cache.get('p0', loader.load);
    expect(loader.calls).toBe(MAX_KEYS); // all kept up to the bound

    cache.get(`p${MAX_KEYS}`, loader.load); // one more: the cache starts over
    cache.get('p0', loader.load);

    expect(loader.calls).toBe(MAX_KEYS + 2);
  });

  it('when the database keeps no write-ahead log to watch, then another connection\'s commit counts without waiting', () => {
    // SQLite's default rollback journal: no -wal file, as a database another tool made might be.
    const [api, cli] = twoConnections(2, (file) => new Database(file));
    const loader = counted(api);
    api.prepare("INSERT INTO k (prefix) VALUES ('a')").run();
    const cache = keyCacheOf<{ revoked: number }>(api);
    cache.get('a', loader.load);
    cache.get('a', loader.load);

    cli.prepare("UPDATE k SET revoked = 1 WHERE prefix = 'a'").run();

    expect(cache.get('a', loader.load)?.revoked).toBe(1);
    expect(loader.calls).toBe(2);
  });

  it('when two stores share a connection, then they share one cache', () => {
    const db = openDatabase(':memory:');

    expect(keyCacheOf(db)).toBe(keyCacheOf(db));
    expect(keyCacheOf(db)).not.toBe(keyCacheOf(openDatabase(':memory:')));
  });
});
