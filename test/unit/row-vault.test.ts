import { chmodSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRowVault } from '../../server/db/row-vault.ts';
import { openDatabase } from '../../server/db/open.ts';

describe('row vault: chosen rows copied beside a live database', () => {
  function setup() {
    const db = openDatabase(':memory:', [{ version: 1, name: 't', sql: 'CREATE TABLE items (id TEXT PRIMARY KEY, owner TEXT NOT NULL, note TEXT)' }]);
    const insert = db.prepare('INSERT INTO items (id, owner, note) VALUES (?, ?, ?)');
    insert.run('a1', 'a', 'uno');
    insert.run('a2', 'a', null);
    insert.run('b1', 'b', 'otro');
    const rows = () => db.prepare('SELECT id, owner, note FROM items ORDER BY id').all();
    return { db, rows, vault: createRowVault(db, 'test_vault', [{ table: 'items', where: 'owner = @owner' }]) };
  }

  it('when the vault is attached, then it is a temporary file with 32 MB of its pages in memory, not an in-memory database', () => {
    const { db } = setup();

    // An in-memory database's journal is in memory; a file's is not. A big world's copies (~1.3 GB of
    // pages for a year of 500 vehicles) would otherwise all stay in serve's memory.
    expect(db.pragma('test_vault.journal_mode', { simple: true })).toBe('delete');
    expect(db.pragma('test_vault.cache_size', { simple: true })).toBe(-32 * 1024);
  });

  it('when the vault is a file of its own in a folder its group may write (the container\'s /data), then the file and its -wal and -shm may be written by the group too', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fleet-vault-'));
    try {
      chmodSync(dir, 0o2775);
      const file = join(dir, 'vault.db');
      const db = openDatabase(':memory:', [{ version: 1, name: 't', sql: 'CREATE TABLE items (id TEXT PRIMARY KEY, owner TEXT NOT NULL)' }]);
      db.prepare("INSERT INTO items VALUES ('a1', 'a')").run();

      createRowVault(db, 'file_vault', [{ table: 'items', where: 'owner = @owner' }], { file }).save('a/x', { owner: 'a' });

      expect(['', '-wal', '-shm'].map((side) => existsSync(file + side) && statSync(file + side).mode & 0o020)).toEqual([0o020, 0o020, 0o020]);
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('when one owner\'s rows are saved, changed and loaded back, then they are as saved and the others untouched', () => {
    const { db, rows, vault } = setup();
    const size = vault.save('a/x', { owner: 'a' });
    db.prepare("UPDATE items SET note = 'cambiada' WHERE id = 'a1'").run();
    db.prepare("UPDATE items SET note = 'también' WHERE id = 'b1'").run();
    db.prepare("INSERT INTO items VALUES ('a3', 'a', 'nueva')").run();

    db.transaction(() => {
      db.prepare("DELETE FROM items WHERE owner = 'a'").run();
      vault.loadInto('a/x');
    })();

    expect(size).toBe('a1'.length + 'a'.length + 'uno'.length + 'a2'.length + 'a'.length); // the rows' own bytes; a null weighs nothing
    expect(rows()).toEqual([
      { id: 'a1', owner: 'a', note: 'uno' },
      { id: 'a2', owner: 'a', note: null },
      { id: 'b1', owner: 'b', note: 'también' },
    ]);
  });

  it('when a copy is dropped, by key or by prefix, then loading it puts nothing back', () => {
    const { db, vault } = setup();
    vault.save('a/x', { owner: 'a' });
    vault.save('b/y', { owner: 'b' });
    vault.drop('a/x');
    vault.dropPrefix('b/');
    db.prepare('DELETE FROM items').run();
    vault.loadInto('a/x');
    vault.loadInto('b/y');
    expect(db.prepare('SELECT count(*) FROM items').pluck().get()).toBe(0);
  });

  it('when a second vault is made on the same connection, then it shares the first one\'s copies', () => {
    const { db, vault } = setup();
    vault.save('a/x', { owner: 'a' });
    const again = createRowVault(db, 'test_vault', [{ table: 'items', where: 'owner = @owner' }]);
    db.prepare("DELETE FROM items WHERE owner = 'a'").run();
    again.loadInto('a/x');
    expect(db.prepare("SELECT count(*) FROM items WHERE owner = 'a'").pluck().get()).toBe(2);
  });
});
