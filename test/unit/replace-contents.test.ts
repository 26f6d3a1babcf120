import { join } from 'node:path';
import { chmodSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { tmpdir } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/open.ts';
import { assertCompatible, copyDatabaseTo, IncompatibleCopyError, replaceContents } from '../../server/db/replace-contents.ts';

const MIGRATIONS = [
  { version: 1, name: 'parents', sql: 'CREATE TABLE parents (id TEXT PRIMARY KEY)' },
  { version: 2, name: 'children', sql: 'CREATE TABLE children (id TEXT PRIMARY KEY, parent_id TEXT NOT NULL REFERENCES parents(id))' },
];

describe('replacing a live database with a copy', () => {
  const dirs: string[] = [];
  const tempFile = (name: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'fleet-copy-'));
    dirs.push(dir);
    return join(dir, name);
  };
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('when a copy is made in a folder its group may write (the container\'s /data), then the copy and the -wal and -shm SQLite makes beside it when it is read may be written by the group too', () => {
    const db = openDatabase(':memory:', MIGRATIONS);
    const shared = tempFile('shared.db');
    chmodSync(dirname(shared), 0o2775);
    const own = tempFile('own.db');
    chmodSync(dirname(own), 0o755);

    copyDatabaseTo(db, shared);
    copyDatabaseTo(db, own);
    // Opened as serve opens a database (WAL, as the reset's baseline is): SQLite makes its -wal and -shm.
    const reader = openDatabase(shared, MIGRATIONS);
    reader.prepare('SELECT count(*) FROM parents').get();

    expect(statSync(shared).mode & 0o020).toBe(0o020);
    expect(['-wal', '-shm'].map((side) => existsSync(shared + side) && statSync(shared + side).mode & 0o020)).toEqual([0o020, 0o020]);
    expect(statSync(own).mode & 0o020).toBe(0);
    reader.close();
  });

  it('when a copy is brought back, then every table holds exactly the copied rows and foreign keys stay on', () => {
    const db = openDatabase(':memory:', MIGRATIONS);
    db.exec("INSERT INTO parents VALUES ('p1'); INSERT INTO children VALUES ('c1', 'p1')");
    const copy = tempFile('copy.db');
    copyDatabaseTo(db, copy);
    db.exec("INSERT INTO parents VALUES ('p2'); INSERT INTO children VALUES ('c2', 'p2'); DELETE FROM children WHERE id = 'c1'");

    replaceContents(db, copy);

    expect(db.prepare('SELECT id FROM parents ORDER BY id').pluck().all()).toEqual(['p1']);
    expect(db.prepare('SELECT id FROM children ORDER BY id').pluck().all()).toEqual(['c1']);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(() => db.exec("INSERT INTO children VALUES ('c3', 'missing')")).toThrow(/FOREIGN KEY/);
  });

  it('when a copy is brought back, then AUTOINCREMENT numbers from where the copy stood, as a new database would', () => {
    const db = openDatabase(':memory:', [...MIGRATIONS, { version: 3, name: 'numbered', sql: 'CREATE TABLE numbered (id INTEGER PRIMARY KEY AUTOINCREMENT, v TEXT)' }]);
    db.exec("INSERT INTO numbered (v) VALUES ('uno')");
    const copy = tempFile('copy.db');
    copyDatabaseTo(db, copy);
    db.exec("INSERT INTO numbered (v) VALUES ('dos'), ('tres')");

    replaceContents(db, copy);
    db.exec("INSERT INTO numbered (v) VALUES ('otra')");

    expect(db.prepare('SELECT id, v FROM numbered ORDER BY id').all()).toEqual([{ id: 1, v: 'uno' }, { id: 2, v: 'otra' }]);
  });

  it('when the copy was made with other migrations, then it is refused and the live rows are untouched', () => {
    const older = openDatabase(tempFile('older.db'), MIGRATIONS.slice(0, 1));
    const copy = tempFile('copy.db');
    copyDatabaseTo(older, copy);
    const db = openDatabase(':memory:', MIGRATIONS);
    db.exec("INSERT INTO parents VALUES ('live')");

    expect(() => assertCompatible(db, copy)).toThrow(IncompatibleCopyError);
    expect(() => replaceContents(db, copy)).toThrow(IncompatibleCopyError);
    expect(db.prepare('SELECT id FROM parents').pluck().all()).toEqual(['live']);
    expect(db.prepare("SELECT count(*) FROM pragma_database_list WHERE name = 'source'").pluck().get()).toBe(0);
  });
});
