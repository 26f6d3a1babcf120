import { describe, expect, it } from 'vitest';
import { keySaltAgainstServe, noteKeySalt } from '../../server/auth/key-salt.ts';
import { useWorldOnDataDir } from '../support/world.ts';

const TOKEN = 'el-token-de-este-serve-1234';

/** A reset or whole restore brings back another database's counters: serve notes its token again (server/services.ts). */
describe('the token serve notes for the CLI, after every world is replaced', () => {
  const w = useWorldOnDataDir({ controlToken: TOKEN });
  const auth = { Authorization: `Bearer ${TOKEN}` };

  it.each(['reset', 'restore'])('when the testbed is replaced by a %s, then the note is this serve\'s token again', async (how) => {
    // The snapshot's counters hold another serve's note; the baseline a reset brings back, none.
    noteKeySalt(w.deps.db, 'otro-token-que-no-es-de-este-serve');
    if (how === 'restore') await w.request.post('/_testbed/snapshots').set(auth).send({ name: 'antes' }).expect(201);
    expect(keySaltAgainstServe(w.deps.db, TOKEN)).toBe('serve had another');

    if (how === 'reset') await w.request.post('/_testbed/reset').set(auth).expect(200);
    else await w.request.post('/_testbed/snapshots/antes/restore').set(auth).expect(200);

    expect(keySaltAgainstServe(w.deps.db, TOKEN)).toBe('same');
    // Noted, not merely absent: a CLI without the token is still refused.
    expect(keySaltAgainstServe(w.deps.db, '')).toBe('serve had another');
  });
});
