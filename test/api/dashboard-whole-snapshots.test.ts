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

describe('dashboard: buttons in lists name their item', () => {
  const w = useWorldOnDataDir();
  const act = (path: string, form: Record<string, string> = {}) => w.request.post(`/dashboard${path}`).set('HX-Request', 'true').type('form').send(form);

  /** Every button whose visible text repeats on the page, with its accessible name (aria-label, else the text). */
  const repeatedButtons = (page: string) => {
    const buttons = [...page.matchAll(/<button\b([^>]*)>([^<]*)<\/button>/g)].map(([, attrs, text]) => ({ text: text.trim(), name: /aria-label="([^"]*)"/.exec(attrs)?.[1] ?? text.trim() }));
    const count = (text: string) => buttons.filter((b) => b.text === text).length;
    return buttons.filter((b) => count(b.text) > 1);
  };

  it('when a list holds two pending worlds, two whole snapshots or two snapshots of a world, then each row\'s buttons have a name of their own for a screen reader', async () => {
    w.tenants.createTenant('Pendiente Uno', 'pending');
    w.tenants.createTenant('Pendiente Dos', 'pending');
    await act('/snapshots', { name: 'base' }).expect(200);
    await act('/snapshots', { name: 'otra' }).expect(200);
    const { tenant } = w.newTenant('Con dos');
    await act(`/worlds/${tenant.id}/snapshots`, { name: 'inicio' }).expect(200);
    await act(`/worlds/${tenant.id}/snapshots`, { name: 'luego' }).expect(200);

    const worlds = (await w.request.get('/dashboard').expect(200)).text;
    const world = (await w.request.get(`/dashboard/worlds/${tenant.id}`).expect(200)).text;

    for (const page of [worlds, world]) {
      const repeated = repeatedButtons(page);
      expect(repeated.length).toBeGreaterThan(0);
      expect(new Set(repeated.map((b) => b.name)).size).toBe(repeated.length);
    }
    expect(worlds).toContain('aria-label="Aprobar el mundo Pendiente Dos"');
    expect(worlds).toContain('aria-label="Restaurar la instantánea otra"');
    expect(world).toContain('aria-label="Restaurar el mundo a la instantánea luego"');
  });
});
