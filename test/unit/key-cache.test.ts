import { unlinkSync } from 'node:fs';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../server/db/open.ts';
import { changeSignal, createKeyCache, MAX_KEYS, SETTLE_MS } from '../../server/tenants/key-cache.ts';
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

/** `counted` over a table that already holds key 'a'. */
function countedWithA(db: Db) {
  const loader = counted(db);
  db.prepare("INSERT INTO k (prefix) VALUES ('a')").run();
  return loader;
}

describe('key cache', () => {
  // Two connections on one file: the API's and another process's (the CLI), as in `fleet-sim keys revoke`.
  const twoConnections = tempDatabaseFiles();

  it('when nothing changed since a key was read, then the next lookups do not read it again', () => {
    const db = openDatabase(':memory:');
    const loader = countedWithA(db);
    const cache = createKeyCache(db, loader.load);

    const first = cache.get('a');
    const again = [cache.get('a'), cache.get('a')];

    expect(first).toEqual({ prefix: 'a', revoked: 0 });
    expect(again).toEqual([first, first]);
    expect(loader.calls).toBe(1);
  });

  it('when this connection writes a row (any table), then the next lookup reads the key again', () => {
    const db = openDatabase(':memory:');
    const loader = countedWithA(db);
    const cache = createKeyCache(db, loader.load);
    cache.get('a');

    db.prepare("UPDATE k SET revoked = 1 WHERE prefix = 'a'").run();

    expect(cache.get('a')?.revoked).toBe(1);
    expect(loader.calls).toBe(2);
  });

  it('when another connection commits (another process revoking), then the first lookup after the event loop polls sees it', async () => {
    const [api, cli] = twoConnections();
    const loader = countedWithA(api);
    const cache = createKeyCache(api, loader.load);
    expect(cache.get('a')?.revoked).toBe(0);
    expect(cache.get('a')?.revoked).toBe(0);
    expect(loader.calls).toBe(1);

    cli.prepare("UPDATE k SET revoked = 1 WHERE prefix = 'a'").run();
    await afterOnePoll();

    expect(cache.get('a')?.revoked).toBe(1);
    expect(loader.calls).toBe(2);
  });

  it('when another connection commits to an unrelated table, then the cache starts over all the same', async () => {
    const [api, cli] = twoConnections();
    const loader = countedWithA(api);
    const cache = createKeyCache(api, loader.load);
    cache.get('a');

    cli.exec('CREATE TABLE other (x); INSERT INTO other VALUES (1)');
    await afterOnePoll();
    cache.get('a');

    expect(loader.calls).toBe(2);
  });

  it('when a prefix is unknown, then it is not kept: each lookup reads again and finds the key once it exists', () => {
    const db = openDatabase(':memory:');
    const loader = counted(db);
    const cache = createKeyCache(db, loader.load);

    const misses = [cache.get('nope'), cache.get('nope')];
    db.prepare("INSERT INTO k (prefix) VALUES ('nope')").run();
    const found = cache.get('nope');

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
    const cache = createKeyCache(db, loader.load);
    for (let i = 0; i < MAX_KEYS; i++) cache.get(`p${i}`);
    cache.get('p0');
    expect(loader.calls).toBe(MAX_KEYS); // all kept up to the bound

    cache.get(`p${MAX_KEYS}`); // one more: the cache starts over
    cache.get('p0');

    expect(loader.calls).toBe(MAX_KEYS + 2);
  });

  it('when the log file the watch was on is gone, then every lookup reads the stamp and sees commits without waiting', async () => {
    const [api, cli] = twoConnections();
    const loader = countedWithA(api);
    let now = 0;
    const changed = changeSignal(api, () => now);
    changed();
    api.pragma('wal_checkpoint(TRUNCATE)'); // nothing left in the log: removing it loses no row
    unlinkSync(`${api.name}-wal`);
    await afterOnePoll(); // the watch hears of it and stops
    changed();
    now += 10 * SETTLE_MS; // long past any window a write could have opened

    cli.prepare("UPDATE k SET revoked = 1 WHERE prefix = 'a'").run();

    expect(changed()).toBe(true);
    expect(changed()).toBe(false);
    expect(loader.calls).toBe(0);
  });

  it('when the database keeps no write-ahead log to watch, then another connection\'s commit counts without waiting', () => {
    // SQLite's default rollback journal: no -wal file, as a database another tool made might be.
    const [api, cli] = twoConnections(2, (file) => new Database(file));
    const loader = countedWithA(api);
    const cache = createKeyCache(api, loader.load);
    cache.get('a');
    cache.get('a');

    cli.prepare("UPDATE k SET revoked = 1 WHERE prefix = 'a'").run();

    expect(cache.get('a')?.revoked).toBe(1);
    expect(loader.calls).toBe(2);
  });

  it('when the log was written less than SETTLE_MS ago, then a commit whose file event has not reached the loop yet is seen all the same', async () => {
    // The window covers a writer between writing its frames (the event) and publishing its commit.
    const [api, cli] = twoConnections();
    const loader = countedWithA(api);
    let now = 0;
    const changed = changeSignal(api, () => now);
    changed();
    cli.prepare("INSERT INTO k (prefix) VALUES ('b')").run();
    await afterOnePoll(); // the event: the window opens
    expect(changed()).toBe(true);

    now += SETTLE_MS - 1;
    cli.prepare("UPDATE k SET revoked = 1 WHERE prefix = 'a'").run(); // no poll: its event still queued

    expect(changed()).toBe(true);
    expect(changed()).toBe(false);
    expect(loader.calls).toBe(0);
  });

  it('when nothing was written for longer than SETTLE_MS, then the lookups read no stamp and see no change', async () => {
    const [api] = twoConnections();
    counted(api);
    let now = 0;
    const changed = changeSignal(api, () => now);
    api.prepare("INSERT INTO k (prefix) VALUES ('a')").run();
    await afterOnePoll();
    changed();
    now += SETTLE_MS + 1;

    expect([changed(), changed()]).toEqual([false, false]);
  });
});
