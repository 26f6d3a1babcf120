import { describe, expect, it } from 'vitest';
import { mexicoCityDate } from '../../server/lib/mexico-city.ts';
import { expectAlert, useDashboardWorld } from '../support/dashboard-world.ts';
import { slowNote } from '../../server/dashboard/world-platform-faults.ts';

/** The world page's list of the world's own platform faults (world-platform-faults.ts). */
const ownFaults = (page: string): string => page.match(/<ul id="fallas-plataforma-mundo"[\s\S]*?<\/ul>/)?.[0] ?? '';

describe('dashboard: a world\'s own platform faults', () => {
  const { w, get, act } = useDashboardWorld();
  const controlFaults = async (tenantId: string) => (await w.request.get(`/_testbed/tenants/${tenantId}/faults`).expect(200)).body;
  const setThroughControl = (tenantId: string, body: object) => w.request.post(`/_testbed/tenants/${tenantId}/faults`).send(body).expect(200);

  it('when a platform fault is set for the world through the control API, then its page shows it, apart from the testbed-wide ones', async () => {
    const { tenant } = w.newTenant();
    await setThroughControl(tenant.id, { platform: 'platform_b', mode: 'slow', ms: 150 });

    const page = await get(`/worlds/${tenant.id}`).expect(200);
    const partial = await get(`/worlds/${tenant.id}/platform-faults`).expect(200);

    const own = ownFaults(page.text);
    expect(own).toMatch(/<strong>platform_b<\/strong>: <span class="estado estado-espera">slow<\/span> 150 ms/);
    expect(own).toContain('<strong>platform_a</strong>: <span class="nada">sin falla propia</span>');
    expect(own).toContain('aria-label="Quitar la falla de platform_b de este mundo"');
    expect(page.text).toContain('Fallas de plataforma solo de este mundo');
    expect(page.text).toContain('Fallas de plataforma de todo el testbed');
    // Slow up to the API's own limit is an error: the note says so, with the limit this serve has.
    expect(page.text).toContain('Una llamada lenta que alcanza el límite de la API para una llamada (2000 ms, FLEET_PLATFORM_TIMEOUT_MS) acaba en 503 como con error. Sin ms, slow tarda 30000 ms, así que falla por tiempo');
    expect(ownFaults(partial.text)).toBe(own);
    const testbedWide = (await get('/faults')).text;
    expect(testbedWide).toContain('Ahora, en todos los mundos:');
    // Set from another tab or the CLI, it is every world's: read again without an action of this page.
    expect(testbedWide).toContain('hx-trigger="every 5s, mundo-cambiado from:body"');
    // Any ms reaches the API as typed, in both forms: a number input's step of 50 or 100 blocked 250 in one of them.
    expect(page.text.match(/<input name="ms"[^>]*>/g)).toEqual([
      '<input name="ms" type="text" inputmode="numeric" class="cifra" size="8" autocomplete="off">',
      '<input name="ms" type="text" inputmode="numeric" class="cifra" size="8" autocomplete="off">',
    ]);
  });

  it('when an action meets the world\'s own platform fault, then its red line says the fault was set on purpose, for this world', async () => {
    const { tenant } = w.newTenant();
    await setThroughControl(tenant.id, { platform: 'platform_b', mode: 'error' });
    const today = mexicoCityDate(Date.parse((await w.request.get(`/_testbed/clock?tenant=${tenant.id}`).expect(200)).body.now));

    const res = await act('post', `/worlds/${tenant.id}/rides/generate`, { from: today, to: today });

    expectAlert(res, 503, 'PLATFORM_UNAVAILABLE', 'La plataforma platform_b no está disponible');
    expect(res.text).toContain('(una falla puesta a propósito: platform_b; solo este mundo)');
  });

  it('when one world has a platform fault, then another world\'s page does not show it', async () => {
    const faulted = w.newTenant().tenant;
    const other = w.newTenant().tenant;
    await setThroughControl(faulted.id, { platform: 'platform_a', mode: 'error' });

    const own = ownFaults((await get(`/worlds/${other.id}`).expect(200)).text);

    expect(own).toContain('<strong>platform_a</strong>: <span class="nada">sin falla propia</span>');
    expect(own).toContain('<strong>platform_b</strong>: <span class="nada">sin falla propia</span>');
    expect(own).not.toContain('Quitar');
    expect(ownFaults((await get(`/worlds/${faulted.id}`)).text)).toMatch(/<strong>platform_a<\/strong>: <span class="estado estado-mal">error<\/span>/);
  });

  it('when a fault is set and cleared from the page, then the control API answers each, and no other world or the testbed changes', async () => {
    const { tenant } = w.newTenant('Flota Lenta');
    const other = w.newTenant().tenant;

    const set = await act('post', `/worlds/${tenant.id}/platform-faults`, { platform: 'platform_b', mode: 'slow', ms: '150' });
    const afterSet = await controlFaults(tenant.id);
    // The ms field keeps what was typed for slow after a submit: with error it is left out, not refused.
    const error = await act('post', `/worlds/${tenant.id}/platform-faults`, { platform: 'platform_a', mode: 'error', ms: '150' });
    const cleared = await act('delete', `/worlds/${tenant.id}/platform-faults/platform_b`);
    const afterClear = await controlFaults(tenant.id);
    const none = await act('post', `/worlds/${tenant.id}/platform-faults`, { platform: 'platform_a', mode: 'none', ms: '150' });

    expect(set.status).toBe(200);
    expect(set.headers['hx-trigger']).toBe('mundo-cambiado');
    expect(set.text).toContain('Falla de platform_b solo para «Flota Lenta»: slow (150 ms).');
    expect(afterSet.platforms).toEqual({ platform_b: { mode: 'slow', ms: 150 } });
    expect(error.text).toContain('Falla de platform_a solo para «Flota Lenta»: error.');
    expect(cleared.text).toContain('platform_b ya no tiene falla propia en «Flota Lenta».');
    expect(afterClear.platforms).toEqual({ platform_a: { mode: 'error', ms: 0 } });
    expect(none.text).toContain('platform_a ya no tiene falla propia en «Flota Lenta».');
    expect((await controlFaults(tenant.id)).platforms).toEqual({});
    expect((await controlFaults(other.id)).platforms).toEqual({});
    const testbed = await w.net.control.getFaults();
    expect([testbed.platform_a.mode, testbed.platform_b.mode]).toEqual(['none', 'none']);
  });

  it.each([
    [{ platform: 'platform_b', mode: 'broken' }, 'mode debe ser none, error o slow'],
    [{ platform: 'platform_b', mode: 'slow', ms: '600001' }, 'ms admite hasta 600000'],
    [{ platform: 'platform_b', mode: 'slow', ms: '-1' }, 'ms no puede ser negativo'],
    [{ platform: 'platform_b', mode: 'slow', ms: 'mucho' }, 'ms debe ser un número'],
    // What a number input refused too: no count a person means.
    [{ platform: 'platform_b', mode: 'slow', ms: '0x10' }, 'ms debe ser un número'],
    [{ platform: 'platform_b', mode: 'slow', ms: '1e3' }, 'ms debe ser un número'],
    [{ platform: 'platform_c', mode: 'error' }, 'platform debe ser platform_a o platform_b'],
  ])('when the form is %j, then 400 VALIDATION in Spanish and the world\'s faults stay as they were', async (form, message) => {
    const { tenant } = w.newTenant();
    await setThroughControl(tenant.id, { platform: 'platform_b', mode: 'slow', ms: 150 });

    expectAlert(await act('post', `/worlds/${tenant.id}/platform-faults`, form), 400, 'VALIDATION', message);
    expect((await controlFaults(tenant.id)).platforms).toEqual({ platform_b: { mode: 'slow', ms: 150 } });
  });

  it('when the platform to clear or the world does not exist, then 404 in Spanish and nothing changes', async () => {
    const { tenant } = w.newTenant();
    await setThroughControl(tenant.id, { platform: 'platform_b', mode: 'error' });

    expectAlert(await act('delete', `/worlds/${tenant.id}/platform-faults/platform_c`), 404, 'NOT_FOUND', 'La plataforma no existe.');
    expectAlert(await act('post', '/worlds/00000000-0000-4000-8000-000000000000/platform-faults', { platform: 'platform_b', mode: 'error' }), 404, 'NOT_FOUND', 'El tenant 00000000-0000-4000-8000-000000000000 no existe en este testbed.');
    expect((await controlFaults(tenant.id)).platforms).toEqual({ platform_b: { mode: 'error', ms: 0 } });
  });

  it('when the form is sent from another site, then 403 and the world keeps no fault', async () => {
    const { tenant } = w.newTenant();

    const res = await w.request.post(`/dashboard/worlds/${tenant.id}/platform-faults`).set('Sec-Fetch-Site', 'cross-site')
      .type('form').send({ platform: 'platform_a', mode: 'error' });

    expect(res.status).toBe(403);
    expect((await controlFaults(tenant.id)).platforms).toEqual({});
  });
});

describe('dashboard: what the note says slow does against the serve\'s platform limit', () => {
  it.each([
    [2000, 'Sin ms, slow tarda 30000 ms, así que falla por tiempo;'],
    [30000, 'Sin ms, slow tarda 30000 ms, así que falla por tiempo;'],
    [60000, 'Sin ms, slow tarda 30000 ms;'],
  ])('when FLEET_PLATFORM_TIMEOUT_MS is %i, then the note says whether slow without ms fails by time: %s', (timeoutMs, said) => {
    const note = slowNote(timeoutMs);

    expect(note).toContain(`(${timeoutMs} ms, FLEET_PLATFORM_TIMEOUT_MS) acaba en 503 como con error.`);
    expect(note).toContain(said);
  });
});
