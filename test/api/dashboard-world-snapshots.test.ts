import { describe, expect, it } from 'vitest';
import { expectAlert, useDashboardWorld } from '../support/dashboard-world.ts';
import { SNAPSHOT_NAME_PATTERN } from '../../server/dashboard/components.ts';
import { fixtureWorlds } from '../support/fixture-worlds.ts';
import { advanceClock } from '../../server/clock/service.ts';
import { DAY } from '../support/fleet-fixtures.ts';

describe('dashboard: a world\'s snapshots', () => {
  const { w, f, act } = useDashboardWorld();

  it('when a world is saved, changed and restored from its page, then it is as saved, and the card lists its snapshot', async () => {
    const { tenant, auth } = w.newTenant('Con instantáneas');
    await f.vehicle(auth);

    const saved = await act('post', `/worlds/${tenant.id}/snapshots`, { name: 'inicio' });
    await f.vehicle(auth);
    const page = await w.request.get(`/dashboard/worlds/${tenant.id}`).expect(200);
    const restored = await act('post', `/worlds/${tenant.id}/snapshots/inicio/restore`);

    expect(saved.status).toBe(200);
    expect(saved.text).toContain('Instantánea «inicio» de «Con instantáneas» guardada.');
    expect(page.text).toContain('Instantáneas del mundo');
    expect(page.text).toContain('<code>inicio</code>');
    expect(restored.status).toBe(200);
    expect(restored.headers['hx-trigger']).toBe('mundo-cambiado');
    expect(restored.text).toMatch(/hora del mundo \d{4}-\d\d-\d\d \d\d:\d\d CDMX\./);
    // As cards on a phone: each cell says what it is.
    expect(page.text).toContain('data-label="Acciones"');
    expect((await w.request.get('/v1/vehicles').set(auth).expect(200)).body.data).toHaveLength(1);
    // Saved again under that name: the answer says the earlier copy was replaced.
    const again = await act('post', `/worlds/${tenant.id}/snapshots`, { name: 'inicio' });
    expect(again.text).toContain('Instantánea «inicio» de «Con instantáneas» guardada; reemplazó la que tenía ese nombre.');
  });

  it('when a restore from the page could not read the days the world went through (its platform fault), then its line says so after the time', async () => {
    const { tenant } = await fixtureWorlds(w).fixtureWorld({ vehicles: 1, registeredOn: ['platform_b'], rideDays: 1 });
    await act('post', `/worlds/${tenant.id}/snapshots`, { name: 'antes' });
    await advanceClock(w.deps, w.services, DAY);
    await w.request.post(`/_testbed/tenants/${tenant.id}/faults`).send({ platform: 'platform_b', mode: 'error' }).expect(200);

    const restored = await act('post', `/worlds/${tenant.id}/snapshots/antes/restore`);

    expect(restored.status).toBe(200);
    expect(restored.text).toMatch(/hora del mundo \d{4}-\d\d-\d\d \d\d:\d\d CDMX\. Sin leer de las plataformas \(se reintenta\): .*platform_b/);
  });

  it('when a snapshot is deleted from the card, then the list shows none; a bad name is 400 and an unknown one 404, in Spanish', async () => {
    const { tenant } = w.newTenant('Borrar instantánea');
    await act('post', `/worlds/${tenant.id}/snapshots`, { name: 'uno' });

    const removed = await act('delete', `/worlds/${tenant.id}/snapshots/uno`);
    const list = await w.request.get(`/dashboard/worlds/${tenant.id}/snapshots`).expect(200);

    expect(removed.text).toContain('Instantánea «uno» de «Borrar instantánea» borrada.');
    expect(list.text).toContain('Este mundo no tiene instantáneas.');
    expectAlert(await act('post', `/worlds/${tenant.id}/snapshots`, { name: 'Mal Nombre' }), 400, 'VALIDATION', 'Nombre de instantánea no válido');
    expectAlert(await act('post', `/worlds/${tenant.id}/snapshots`, { name: '' }), 400, 'VALIDATION', 'name es obligatorio, p. ej. antes-de-pagar');
    expectAlert(await act('post', `/worlds/${tenant.id}/snapshots/nunca/restore`), 404, 'NOT_FOUND', 'La instantánea «nunca» de este mundo no existe: no se guardó con ese nombre, se borró, o la quitó un reinicio de serve, un reset o la restauración de una instantánea de todo el testbed (las de un mundo duran lo que dura serve).');
  });

  it('when an action fails after one succeeded (a snapshot deleted from another tab), then the old success line is emptied and the page\'s lists reload', async () => {
    const { tenant } = w.newTenant('Pestaña vieja');

    const failed = await act('post', `/worlds/${tenant.id}/snapshots/borrada/restore`);

    expectAlert(failed, 404, 'NOT_FOUND', '«borrada»');
    expect(failed.text).toContain('<div id="resultado" class="resultado" role="status" aria-live="polite" hx-swap-oob="true"></div>');
    expect(failed.headers['hx-trigger']).toBe('mundo-cambiado');
  });

  it('when a browser checks a snapshot name itself, then the form\'s pattern compiles as browsers compile it (the v flag) and says what the server says', () => {
    // HTML compiles `pattern` as ^(?:…)$ with the v flag; one that does not compile checks nothing.
    const checked = new RegExp(`^(?:${SNAPSHOT_NAME_PATTERN})$`, 'v');

    expect(['inicio', 'antes-de-pagar', 'a'.repeat(64)].every((n) => checked.test(n))).toBe(true);
    expect(['Inicio', 'con espacio', 'a'.repeat(65), ''].some((n) => checked.test(n))).toBe(false);
  });

  it('when the snapshot forms are read, then each says the name\'s rule before any refusal, beside the field and as its pattern\'s title', async () => {
    const { tenant } = w.newTenant('Reglas del nombre');
    const rule = 'de 1 a 64 letras minúsculas, dígitos o guiones';

    for (const path of [`/dashboard/worlds/${tenant.id}`, '/dashboard']) {
      const page = (await w.request.get(path).expect(200)).text;
      expect(page).toContain(`Nombre de la instantánea (${rule}) <input name="name" required pattern=`);
      expect(page).toContain(`title="${rule}"`);
    }
  });
});
