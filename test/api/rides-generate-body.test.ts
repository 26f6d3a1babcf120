import { describe, expect, it } from 'vitest';
import { makeTestApp } from '../support/app.ts';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** `POST /_testbed/rides/generate`'s body: each wrong field said once, and only what is wrong (issue 42). */
describe('POST /_testbed/rides/generate with a body it refuses', () => {
  const t = makeTestApp();
  const generate = (from: unknown, to: unknown) => t.request.post('/_testbed/rides/generate').send({ tenantId: UNKNOWN, from, to });

  it.each([
    ['from is not a date', 'x', '2026-03-01', [{ field: 'from', message: 'from debe ser una fecha válida YYYY-MM-DD' }]],
    ['to is not a date', '2026-03-01', 'x', [{ field: 'to', message: 'to debe ser una fecha válida YYYY-MM-DD' }]],
    ['from is a number', 20260301, '2026-03-01', [{ field: 'from', message: 'from debe ser una fecha YYYY-MM-DD' }]],
    ['neither is a date', '2026-02-30', 'nunca', [
      { field: 'from', message: 'from debe ser una fecha válida YYYY-MM-DD' },
      { field: 'to', message: 'to debe ser una fecha válida YYYY-MM-DD' },
    ]],
    ['from is after to', '2026-03-02', '2026-03-01', [{ field: 'from', message: 'from no puede ser posterior a to' }]],
    ['the window is 367 days', '2024-01-01', '2025-01-01', [{ field: 'to', message: 'como máximo 366 días por llamada' }]],
  ])('when %s, then 400 VALIDATION naming that field alone, with no other rule added', async (_label, from, to, details) => {
    const res = await generate(from, to);

    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
    expect(res.body.error.details).toEqual(details);
    if (details.every((d) => !d.message.includes('366'))) expect(res.body.error.message).not.toContain('como máximo');
  });

  it.each([
    ['no tenantId', {}, 'tenantId es obligatorio: el mundo cuyos días se generan'],
    ['a tenantId that is no UUID', { tenantId: 'flota-1' }, 'tenantId debe ser un UUID'],
  ])('when the body has %s, then 400 says which', async (_label, tenant, message) => {
    const res = await t.request.post('/_testbed/rides/generate').send({ ...tenant, from: '2026-03-01', to: '2026-03-01' });

    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ field: 'tenantId', message }]);
  });

  it.each([
    ['one day', '2026-03-01', '2026-03-01'],
    ['366 days, the most (a leap year)', '2024-01-01', '2024-12-31'],
  ])('when the window is %s, then the body is accepted (the unknown tenant answers 404)', async (_label, from, to) => {
    const res = await generate(from, to);

    expect([res.status, res.body.error.code]).toEqual([404, 'NOT_FOUND']);
  });
});
