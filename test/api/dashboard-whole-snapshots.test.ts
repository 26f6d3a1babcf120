import { describe, expect, it } from 'vitest';
import { useWorldOnDataDir } from '../support/world.ts';

/** The worlds page's whole-testbed snapshots, on a data dir (they are files there). */
describe('dashboard: whole-testbed snapshots', () => {
  const w = useWorldOnDataDir();
  const act = (path: string, form: Record<string, string>) => w.request.post(`/dashboard${path}`).set('HX-Request', 'true').type('form').send(form);

  it('when a snapshot is saved under a name already taken, then it is replaced and the answer says so; a new name does not', async () => {
    const first = await act('/snapshots', { name: 'base' });
    const again = await act('/snapshots', { name: 'base' });

    expect(first.status).toBe(200);
    expect(first.text).toContain('Instantánea «base» guardada.');
    expect(again.text).toContain('Instantánea «base» guardada; reemplazó la que tenía ese nombre.');
    expect((await w.request.get('/_testbed/snapshots').expect(200)).body.data.map((s: { name: string }) => s.name)).toEqual(['base']);
  });
});
