import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../server/openapi/document.ts';
import { makeTestApp } from '../support/app.ts';
import { createRequestJudge } from '../support/openapi-request.ts';

/**
 * The fuzzer's "schema-compliant request rejected" findings on the partner API (issue 41 item 1):
 * each example request is judged by the document (ajv) and sent to the API, and both must agree.
 * What JSON Schema cannot say (the cursor's list) must be in the description.
 */
const doc = openApiDocument();
const judge = createRequestJudge(doc);
const t = makeTestApp();
const { auth } = t.newTenant('Hallazgos del fuzzer');

let seq = 0;
const next = () => String(++seq).padStart(4, '0');
const driverBody = (over: Record<string, unknown>) => ({ name: 'Ana Ruiz', whatsapp: `551234${next()}`, city: 'Puebla', ...over });
const vehicleBody = (over: Record<string, unknown>) => ({ plate: `FZ-${next()}`, brand: 'Kia', model: 'Rio', year: 2023, color: 'Rojo', ...over });

/** The API's verdict: a success, or 400 (never another refusal, never a 5xx). */
function apiAccepts(res: { status: number }): boolean {
  expect(res.status === 400 || res.status < 300, `status ${res.status}`).toBe(true);
  return res.status < 300;
}

describe('bodies the document admitted and the API refused', () => {
  it.each([
    ['the fuzzer\'s name of blanks and line separators', { name: '\n\u2028\u202f\u205f\u000b' }, false],
    ['the fuzzer\'s city of spaces', { city: '     ' }, false],
    ['a name of one letter padded to two characters', { name: ' a ' }, false],
    ['a name of two letters, the minimum', { name: 'Al' }, true],
    ['a name of 200 letters padded with spaces, the maximum', { name: `  ${'x'.repeat(200)}  ` }, true],
    ['a name of 201 letters', { name: 'x'.repeat(201) }, false],
    ['a city with a line break inside', { city: 'San\nLuis' }, false],
    ['a whatsapp in Arabic-Indic digits (what `\\d` may match)', { whatsapp: '٥٥١٢٣٤٥٦٧٨' }, false],
    ['a whatsapp in full-width digits', { whatsapp: '５５１２３４５６７８' }, false],
    ['a whatsapp +52 and ten digits', { whatsapp: `+52551299${next()}` }, true],
  ])('when POST /v1/drivers has %s, then the document and the API agree', async (_case, over, valid) => {
    const body = driverBody(over);

    const res = await t.request.post('/v1/drivers').set(auth).send(body);

    expect(judge.acceptsBody('post', '/v1/drivers', body)).toBe(valid);
    expect(apiAccepts(res)).toBe(valid);
  });

  it.each([
    ['a name of spaces', { name: '   ' }, false],
    ['a city of a tab and two letters', { city: '\tab' }, true],
  ])('when PATCH /v1/drivers/{id} has %s, then the document and the API agree', async (_case, body, valid) => {
    const { id } = (await t.request.post('/v1/drivers').set(auth).send(driverBody({})).expect(201)).body;

    const res = await t.request.patch(`/v1/drivers/${id}`).set(auth).send(body);

    expect(judge.acceptsBody('patch', '/v1/drivers/{id}', body)).toBe(valid);
    expect(apiAccepts(res)).toBe(valid);
  });

  it.each([
    ['a plate with trailing spaces, five characters once trimmed', { plate: 'AB1   ' }, false],
    ['a plate padded with spaces, seven characters once trimmed', { plate: `  P-${next()}  ` }, true],
    ['a plate of 11 characters', { plate: 'ABC12345678' }, false],
    ['a plate starting with a hyphen', { plate: '-ABC123' }, false],
    ['a brand of spaces', { brand: '   ' }, false],
    ['a model of a line separator', { model: '\u2028' }, false],
    ['a city of spaces', { city: '  ' }, false],
    ['a colour outside the catalog', { color: 'fucsia' }, false],
    ['a colour with a mark the catalog lacks', { color: 'rojo!' }, false],
    ['a catalog colour in capitals with a finish', { color: 'NEGRO mate' }, true],
    ['a catalog colour with a hyphen and an accent', { color: 'gris-oscuro' }, true],
    ['a catalog colour with its accent', { color: 'Café claro' }, true],
    ['a synonym with an underscore, padded', { color: ' azul_marino ' }, true],
  ])('when POST /v1/vehicles has %s, then the document and the API agree', async (_case, over, valid) => {
    const body = vehicleBody(over);

    const res = await t.request.post('/v1/vehicles').set(auth).send(body);

    expect(judge.acceptsBody('post', '/v1/vehicles', body)).toBe(valid);
    expect(apiAccepts(res)).toBe(valid);
  });
});

describe('query parameters the document admitted and the API refused', () => {
  it.each([
    ['/v1/drivers', { whatsapp: '12345' }, false],
    ['/v1/drivers', { whatsapp: '٥٥١٢٣٤٥٦٧٨' }, false],
    ['/v1/drivers', { whatsapp: '5512345678' }, true],
    ['/v1/earnings/summary', { platform: 'platform_b', from: '0068-01-22' }, true],
    ['/v1/earnings/summary', { platform: 'platform_b', from: '0000-01-22' }, false],
  ])('when GET %s has %j, then the document and the API agree', async (path, query, valid) => {
    const res = await t.request.get(path).set(auth).query(query);

    expect(judge.acceptsQuery('get', path, query)).toBe(valid);
    expect(apiAccepts(res)).toBe(valid);
  });
});

describe('startingAfter: an id of the same list, said in the description (JSON Schema cannot)', () => {
  const lists = Object.entries(doc.paths ?? {})
    .filter(([path, item]) => 'get' in (item as object) && judge.parameters('get', path).some((p) => p.name === 'startingAfter'))
    .map(([path]) => path);
  const required = (path: string) => (path.includes('earnings') || path.includes('rides') ? { platform: 'platform_b' } : {});

  it('when the document is read, then every paged list has startingAfter', () => {
    expect(lists).toEqual(['/v1/vehicles', '/v1/drivers', '/v1/assignments', '/v1/rides', '/v1/earnings/daily']);
  });

  it.each(lists)('when GET %s gets a UUID that names no element of the list, then 400 VALIDATION, as its description says', async (path) => {
    const { id: otherListsId } = (await t.request.post('/v1/drivers').set(auth).send(driverBody({})).expect(201)).body;
    const query = { ...required(path), startingAfter: path === '/v1/drivers' ? '6f1c2a7e-0000-4000-8000-000000000000' : otherListsId };

    const res = await t.request.get(path).set(auth).query(query);

    expect([res.status, res.body.error.code, res.body.error.details]).toEqual([400, 'VALIDATION', [{ field: 'startingAfter', message: 'startingAfter no corresponde a ningún elemento de esta lista' }]]);
    expect(judge.parameters('get', path).find((p) => p.name === 'startingAfter')!.schema.description).toContain('de esta misma lista');
  });
});

describe('request patterns read the same in every regex engine', () => {
  /** Request schemas only (parameters and bodies, following their $refs): the responses are ours to write. */
  function requestPatterns(): string[] {
    const found: string[] = [];
    const seen = new Set<unknown>();
    const resolve = (ref: string) => ref.slice(2).split('/').reduce<any>((node, key) => node?.[key], doc);
    const walk = (node: unknown): void => {
      if (typeof node !== 'object' || node === null || seen.has(node)) return;
      seen.add(node);
      const obj = node as Record<string, unknown>;
      if (typeof obj.$ref === 'string') walk(resolve(obj.$ref));
      if (typeof obj.pattern === 'string') found.push(obj.pattern);
      Object.values(obj).forEach(walk);
    };
    for (const item of Object.values(doc.paths ?? {})) {
      for (const op of Object.values(item as Record<string, { parameters?: unknown; requestBody?: unknown }>)) walk([op.parameters, op.requestBody]);
    }
    return found;
  }

  it('when the request schemas are walked, then no pattern uses \\d, \\s or \\w (Unicode-wide in some engines, ASCII in others)', () => {
    const patterns = requestPatterns();

    expect(patterns.length).toBeGreaterThan(10);
    expect(patterns.filter((p) => /\\[dswDSW]/.test(p))).toEqual([]);
  });
});
