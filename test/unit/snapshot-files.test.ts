import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSnapshotFiles } from '../../server/snapshots/files.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A snapshot published with these times (its databases stand-in files of a few bytes). */
function publish(store: ReturnType<typeof createSnapshotFiles>, name: string, createdAt: string, takenAt: string) {
  const staged = store.staging(name);
  writeFileSync(staged.api, 'a');
  writeFileSync(staged.platforms, 'b');
  return store.publish(staged, name, { createdAt, takenAt });
}

describe('the saved snapshots, listed', () => {
  it('when a later snapshot holds an earlier simulated time (taken after a restore), then it is still listed first: newest by real time', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fleet-snapshots-'));
    dirs.push(dataDir);
    const store = createSnapshotFiles(dataDir);

    publish(store, 'adelante', '2026-06-10T12:00:00.000Z', '2026-11-26T10:00:00.000Z');
    publish(store, 'despues-de-restaurar', '2026-05-04T12:00:00.000Z', '2026-11-26T10:00:05.000Z');

    expect(store.list().map((s) => [s.name, s.takenAt, s.createdAt])).toEqual([
      ['despues-de-restaurar', '2026-11-26T10:00:05.000Z', '2026-05-04T12:00:00.000Z'],
      ['adelante', '2026-11-26T10:00:00.000Z', '2026-06-10T12:00:00.000Z'],
    ]);
  });
});
