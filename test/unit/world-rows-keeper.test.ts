import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/open.ts';
import { createRowsKeeper, threadRows, type RowsKeeper } from '../../server/world-snapshots/rows-keeper.ts';
import { tempDatabaseFiles } from '../support/temp-db.ts';

const addTenant = (db: ReturnType<typeof openDatabase>, id: string) =>
  db.prepare("INSERT INTO tenants (id, name, status, created_at) VALUES (?, 'Flota', 'active', '2026-01-01T00:00:00.000Z')").run(id);

describe('world rows keeper: where a world\'s copies live', () => {
  const files = tempDatabaseFiles();

  it('when the database is in memory, then no thread is started and the copies are kept on its connection', async () => {
    const db = openDatabase(':memory:');
    addTenant(db, 't1');
    const started: string[] = [];
    const keeper = createRowsKeeper(db, { onLost: () => undefined, startThread: (file, onEnd) => (started.push(file), threadRows(file, { onEnd })) });

    expect(await keeper.save('t1', 't1/uno')).toBeGreaterThan(0);
    await keeper.putBack('t1', 't1/uno', 'uno');

    expect(started).toEqual([]);
    db.close();
  });

  it('when the database is a file, then the thread starts at the first save, not before, and after close() every call is refused without counting the copies as lost', async () => {
    const [db] = files(1);
    addTenant(db, 't1');
    const started: RowsKeeper[] = [];
    let lost = 0;
    const keeper = createRowsKeeper(db, { onLost: () => lost++, startThread: (file, onEnd) => (started.push(threadRows(file, { onEnd })), started.at(-1)!) });

    await keeper.dropPrefix('');
    await expect(keeper.putBack('t1', 't1/uno', 'uno')).rejects.toThrow(/gone/);
    expect(started).toHaveLength(0);
    expect(await keeper.save('t1', 't1/uno')).toBeGreaterThan(0);
    await keeper.putBack('t1', 't1/uno', 'uno');
    await keeper.close();

    await expect(keeper.save('t1', 't1/dos')).rejects.toThrow(/gone/);
    expect(started).toHaveLength(1);
    expect(lost).toBe(0);
  });

  it('when a key has no copy in the thread, then the put-back fails and the world\'s rows stay', async () => {
    const [db] = files(1);
    addTenant(db, 't1');
    const thread = threadRows(db.name);

    await expect(thread.putBack('t1', 't1/nunca', 'nunca')).rejects.toThrow(/no saved rows/);

    expect(db.prepare('SELECT count(*) FROM tenants').pluck().get()).toBe(1);
    await thread.close();
  });
});
