import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { openDatabase, type Db } from '../../server/db/open.ts';

/**
 * Connections to one temp SQLite file, as serve and the CLI are two processes on one data dir; each
 * call makes a new file. Call at the top of a describe: after each test its connections are closed
 * and its files removed. `open` defaults to the API's (WAL, migrations).
 */
export function tempDatabaseFiles(): (count?: number, open?: (file: string) => Db) => Db[] {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    while (cleanups.length) cleanups.pop()!();
  });
  return (count = 2, open = openDatabase) => {
    const dir = mkdtempSync(join(tmpdir(), 'fleet-db-'));
    const dbs = Array.from({ length: count }, () => open(join(dir, 'api.db')));
    cleanups.push(() => {
      for (const db of dbs) if (db.open) db.close();
      rmSync(dir, { recursive: true, force: true });
    });
    return dbs;
  };
}
