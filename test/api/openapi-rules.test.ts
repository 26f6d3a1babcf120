import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { listColors } from '../../server/catalog/colors.ts';
import { openApiDocument } from '../../server/openapi/document.ts';
import { makeTestApp } from '../support/app.ts';

/**
 * The rules the request schemas state are the rules the API enforces: each input is judged by the
 * published document (ajv, JSON Schema 2020-12 with formats) and sent to the API, and both must
 * agree. A rule said only in prose, or stated but not enforced, fails here.
 */
const doc = openApiDocument();
const ajv = new Ajv2020Module.default({ strict: false });
addFormatsModule.default(ajv);
ajv.addSchema(doc as object, 'openapi.json');

const escape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
const bodySchema = (name: string) => ajv.compile({ $ref: `openapi.json#/components/requestBodies/${name}/content/application~1json/schema` });
const parameters = (path: string) => (doc.paths![path] as { get: { parameters: { name: string; schema: { description?: string } }[] } }).get.parameters;
const querySchema = (path: string, name: string) =>
  ajv.compile({ $ref: `openapi.json#/paths/${escape(path)}/get/parameters/${parameters(path).findIndex((p) => p.name === name)}/schema` });

const t = makeTestApp();
const { auth } = t.newTenant('Reglas del documento');
let seq = 0;
const vehicleBody = (over: Record<string, unknown>) => ({ plate: `RUL${String(++seq).padStart(4, '0')}`, brand: 'Nissan', model: 'Versa', year: 2022, ...over });

describe('from and to (rides, daily earnings, earnings summary)', () => {
  const paths = ['/v1/rides', '/v1/earnings/daily', '/v1/earnings/summary'];

  it.each(paths.flatMap((path) => ([
    ['2026-03-01', true], ['2024-02-29', true], ['2026-3-01', false], ['2026-02-30', false], ['20260301', false], ['2026-03-01T00:00', false],
  ] as const).map(([day, valid]) => [path, day, valid] as const)))(
    'when %s gets from = to = %s, then the document and the API agree it is valid: %s',
    async (path, day, valid) => {
      const res = await t.request.get(path).set(auth).query({ platform: 'platform_b', from: day, to: day });

      expect(querySchema(path, 'from')(day)).toBe(valid);
      expect(querySchema(path, 'to')(day)).toBe(valid);
      expect(res.status).toBe(valid ? 200 : 400);
    },
  );

  it.each(paths)('when %s gets from one day after to, then 400 VALIDATION naming from, in Spanish, as its description says', async (path) => {
    const res = await t.request.get(path).set(auth).query({ platform: 'platform_b', from: '2026-03-02', to: '2026-03-01' });

    expect([res.status, res.body.error.code]).toEqual([400, 'VALIDATION']);
    expect(res.body.error.details).toEqual([{ field: 'from', message: 'from no puede ser posterior a to' }]);
    expect(parameters(path).find((p) => p.name === 'from')!.schema.description).toContain('`from` posterior a `to`: 400 VALIDATION');
  });
});

describe('colour of a new vehicle: color or colorId, colorId within the catalog', () => {
  const ids = listColors().map((c) => c.id);
  const [first, last] = [Math.min(...ids), Math.max(...ids)];

  it.each([
    ['a color only', { color: 'Blanco' }, true],
    ['the first colorId only', { colorId: first }, true],
    ['the last colorId only', { colorId: last }, true],
    ['neither color nor colorId', {}, false],
    ['a colorId one below the catalog', { colorId: first - 1 }, false],
    ['a colorId one past the catalog', { colorId: last + 1 }, false],
  ])('when the body has %s, then the document and the API agree', async (_case, colour, valid) => {
    const body = vehicleBody(colour);

    const res = await t.request.post('/v1/vehicles').set(auth).send(body);

    expect(bodySchema('CreateVehicleBody')(body)).toBe(valid);
    expect(res.status).toBe(valid ? 201 : 400);
  });
});

describe('free text (brand, model, city, color, driver name): no control characters once trimmed', () => {
  it.each([
    ['plain text', 'Nissan', true],
    ['an emoji (a surrogate pair)', 'Nissan 🚕', true],
    ['a tab and a line break at the ends, which trim removes', '\tNissan\n', true],
    ['a tab inside', 'Nis\tsan', false],
    ['a NUL inside', 'Nis\u0000san', false],
    ['DEL at the end', 'Nissan\u007f', false],
    ['a lone surrogate', 'Nissan \ud83d', false],
  ])('when the brand is %s, then the document and the API agree', async (_case, brand, valid) => {
    const body = vehicleBody({ brand, color: 'Blanco' });

    const res = await t.request.post('/v1/vehicles').set(auth).send(body);

    expect(bodySchema('CreateVehicleBody')(body)).toBe(valid);
    expect(res.status).toBe(valid ? 201 : 400);
  });
});

describe('PATCH /v1/vehicles/{id}: immutable fields are refused, other unknown fields ignored', () => {
  it.each([
    ['plate', { plate: 'ZZZ999' }, false],
    ['year', { year: 2023 }, false],
    ['an unknown field beside notes', { notes: 'revisado', extra: 'x' }, true],
  ])('when the body has %s, then the document and the API agree', async (_case, body, valid) => {
    const { id } = (await t.request.post('/v1/vehicles').set(auth).send(vehicleBody({ color: 'Blanco' })).expect(201)).body;

    const res = await t.request.patch(`/v1/vehicles/${id}`).set(auth).send(body);

    expect(bodySchema('PatchVehicleBody')(body)).toBe(valid);
    expect(res.status).toBe(valid ? 200 : 400);
  });
});
