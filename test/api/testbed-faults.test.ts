import { describe, expect, it } from 'vitest';
import { useWorld } from '../support/world.ts';

describe('/_testbed/faults', () => {
  const w = useWorld();
  let seq = 0;

  async function registerOnPlatformB() {
    const { auth } = w.newTenant();
    const n = String(++seq).padStart(3, '0');
    const v = await w.request.post('/v1/vehicles').set(auth).send({ plate: `FLT-${n}`, brand: 'Kia', model: 'Rio', year: 2024, colorId: 1, vin: `KNADM4A37E6300${n}` });
    return w.request.post(`/v1/vehicles/${v.body.id}/registrations`).set(auth).send({ platform: 'platform_b' });
  }

  it('when platform_b is set to error, then its calls answer 503 PLATFORM_UNAVAILABLE until it is set back to none', async () => {
    const set = await w.request.post('/_testbed/faults').send({ platform: 'platform_b', mode: 'error' });
    const shown = await w.request.get('/_testbed/faults');
    const during = await registerOnPlatformB();
    await w.request.post('/_testbed/faults').send({ platform: 'platform_b', mode: 'none' }).expect(200);
    const after = await registerOnPlatformB();

    expect(set.body).toEqual({ platform: 'platform_b', mode: 'error', ms: 0 });
    expect(shown.body).toEqual({ platform_a: { mode: 'none', ms: 0 }, platform_b: { mode: 'error', ms: 0 } });
    expect(during.status).toBe(503);
    expect(during.body.error.code).toBe('PLATFORM_UNAVAILABLE');
    expect(during.headers['retry-after']).toBeDefined();
    expect(during.headers['x-testbed-platform-fault']).toBe('platform_b; scope=testbed');
    expect(during.body.error.message).toBe('La plataforma platform_b no está disponible (falla de plataforma simulada en todo el testbed); reintenta más tarde.');
    expect(after.status).toBe(201);
  });

  it.each([
    ['an unknown platform', { platform: 'platform_c', mode: 'error' }],
    ['an unknown mode', { platform: 'platform_a', mode: 'down' }],
    ['a negative delay', { platform: 'platform_a', mode: 'slow', ms: -1 }],
    ['a delay over 600000 ms', { platform: 'platform_a', mode: 'slow', ms: 600_001 }],
    // ms is how slowly a slow platform answers: with another mode it would do nothing.
    ['a delay with mode error', { platform: 'platform_a', mode: 'error', ms: 100 }],
    ['a delay with mode none', { platform: 'platform_a', mode: 'none', ms: 0 }],
  ])('when the body has %s, then 400 VALIDATION and the faults are unchanged', async (_what, body) => {
    const before = (await w.request.get('/_testbed/faults')).body;

    const res = await w.request.post('/_testbed/faults').send(body);

    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
    if ('ms' in body && body.mode !== 'slow') expect(res.body.error.details).toEqual([{ field: 'ms', message: `ms solo se admite con mode slow (recibió mode ${body.mode})` }]);
    expect((await w.request.get('/_testbed/faults')).body).toEqual(before);
  });

  it('when a slow fault of 600000 ms is set (the bound), then it is accepted', async () => {
    const res = await w.request.post('/_testbed/faults').send({ platform: 'platform_a', mode: 'slow', ms: 600_000 });
    await w.request.post('/_testbed/faults').send({ platform: 'platform_a', mode: 'none' });

    expect(res.body).toEqual({ platform: 'platform_a', mode: 'slow', ms: 600_000 });
  });
});
