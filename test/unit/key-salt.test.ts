import { describe, expect, it } from 'vitest';
import { keySalt, keySaltAgainstServe, noteKeySalt } from '../../server/auth/key-salt.ts';
import { migratedMemoryDatabase } from '../support/app.ts';

describe('the salt of key secrets, noted for the CLI', () => {
  it('when no serve noted one (a data dir only the CLI wrote), then any salt draws as serve would', () => {
    const db = migratedMemoryDatabase();

    expect(keySaltAgainstServe(db, '')).toBe('same');
    expect(keySaltAgainstServe(db, 'un-token-cualquiera')).toBe('same');
  });

  it('when serve noted its token, then only that token draws as it does; noted again without one, only none', () => {
    const db = migratedMemoryDatabase();
    noteKeySalt(db, keySalt('el-token-de-serve-1234'));

    expect([keySaltAgainstServe(db, 'el-token-de-serve-1234'), keySaltAgainstServe(db, ''), keySaltAgainstServe(db, 'el-token-de-serve-1235')])
      .toEqual(['same', 'serve had another', 'serve had another']);
    noteKeySalt(db, keySalt(null));
    expect([keySaltAgainstServe(db, ''), keySaltAgainstServe(db, 'el-token-de-serve-1234')]).toEqual(['same', 'serve had none']);
  });

  it('when the fingerprint is noted, then the token itself is not in the database', () => {
    const db = migratedMemoryDatabase();
    noteKeySalt(db, 'el-token-de-serve-1234');

    expect(JSON.stringify(db.prepare('SELECT * FROM counters').all())).not.toContain('el-token');
  });
});
