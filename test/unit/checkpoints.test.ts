import { existsSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startCheckpoints } from '../../server/db/checkpoints.ts';
import { tempDatabaseFiles } from '../support/temp-db.ts';

const until = async (done: () => boolean) => {
  while (!done()) await new Promise((r) => setTimeout(r, 10));
};

describe('WAL checkpoints on a thread of their own (server/db/checkpoints.ts)', () => {
  const databases = tempDatabaseFiles();

  it('when a connection writes and then does nothing more, then the thread copies the WAL back into the database file', async () => {
    const [db] = databases(1);
    const sizeBefore = statSync(db.name).size;
    // ~2 MB in the WAL, below its limit (wal_autocheckpoint): no commit copies it back itself.
    db.exec('CREATE TABLE filler (x BLOB)');
    const insert = db.prepare('INSERT INTO filler VALUES (randomblob(4000))');
    db.transaction(() => {
      for (let i = 0; i < 500; i++) insert.run();
    })();
    expect(statSync(db.name).size).toBe(sizeBefore);

    const checkpoints = startCheckpoints(db.name, { everyMs: 10 });
    await until(() => statSync(db.name).size > sizeBefore + 1_000_000);
    await checkpoints.stop();

    expect(db.prepare('SELECT COUNT(*) FROM filler').pluck().get()).toBe(500);
  });

  it('when the thread is stopped, then its connection is gone by the time the stop resolves: the last connection to close leaves no WAL file', async () => {
    const [db] = databases(1);
    db.exec('CREATE TABLE t (x)');
    const checkpoints = startCheckpoints(db.name, { everyMs: 10 });

    await checkpoints.stop();
    await checkpoints.stop();
    db.close();

    expect(existsSync(`${db.name}-wal`)).toBe(false);
  });

  it('when the file is not there, then the thread ends saying so once, and its stop resolves: the commits checkpoint as before', async () => {
    const errors: string[] = [];
    const checkpoints = startCheckpoints('/nonexistent/dir/api.db', { everyMs: 10, onError: (err) => errors.push(err.message) });

    await expect(checkpoints.stop()).resolves.toBeUndefined();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/directory does not exist|unable to open/);
  });
});
