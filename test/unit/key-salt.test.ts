import { describe, expect, it } from 'vitest';
import { keySalt, noteKeySalt, sameKeySalt } from '../../server/auth/key-salt.ts';
import { migratedMemoryDatabase } from '../support/app.ts';

describe('the salt of key secrets, noted for the CLI', () => {
  it('when no serve noted one (a data dir only the CLI wrote), then any salt draws as serve would', () => {
    const db = migratedMemoryDatabase();

    expect(sameKeySalt(db, '')).toBe(true);
    expect(sameKeySalt(db, 'un-token-cualquiera')).toBe(true);
  });

  it('when serve noted its token, then only that token draws as it does; noted again without one, only none', () => {
    const db = migratedMemoryDatabase();
    noteKeySalt(db, keySalt('el-token-de-serve-1234'));

    expect([sameKeySalt(db, 'el-token-de-serve-1234'), sameKeySalt(db, ''), sameKeySalt(db, 'el-token-de-serve-1235')]).toEqual([true, false, false]);
    noteKeySalt(db, keySalt(null));
    expect([sameKeySalt(db, ''), sameKeySalt(db, 'el-token-de-serve-1234')]).toEqual([true, false]);
  });

  it('when the fingerprint is noted, then the token itself is not in the database', () => {
    const db = migratedMemoryDatabase();
    noteKeySalt(db, 'el-token-de-serve-1234');

    expect(JSON.stringify(db.prepare('SELECT * FROM counters').all())).not.toContain('el-token');
  });
});
