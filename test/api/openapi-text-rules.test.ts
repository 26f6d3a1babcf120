import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catalogNameKeys, FINISHES } from '../../server/catalog/colors.ts';
import { makeTestApp } from '../support/app.ts';
import { createRequestJudge } from '../support/openapi-request.ts';

/**
 * Free text, plates and colours, generated near the rules' edges and sent both to the document
 * (ajv) and to the API (issue 41 item 1): trimmed length bounds, control characters, the catalog.
 */
const judge = createRequestJudge();
const t = makeTestApp();
const { auth } = t.newTenant('Textos del documento');

let seq = 0;
const next = () => String(++seq).padStart(4, '0');

/** Mostly letters and spaces; now and then what trim removes, a control refused anywhere, a zero-width space. */
const textUnit = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom('a', 'ñ', 'Z', '🚕', ' ') },
  { weight: 1, arbitrary: fc.constantFrom('\t', '\n', '\u00a0', '\u2028', '\u202f', '\u000b', '\u0000', '\u007f', '\u200b') },
);
const short = (maxLength: number) => fc.array(textUnit, { maxLength }).map((u) => u.join(''));
/** Short texts (around the minimum, 2), or `max` letters give or take two between short ends. */
const textNear = (max: number) =>
  fc.oneof(short(8), fc.tuple(short(3), fc.integer({ min: max - 2, max: max + 2 }), short(3)).map(([a, n, b]) => `${a}${'x'.repeat(n)}${b}`));

/** 201 or 409 (a duplicate, judged after validation) is an acceptance; 400 a refusal; nothing else. */
function verdict(status: number): boolean {
  expect([201, 400, 409]).toContain(status);
  return status !== 400;
}

describe('driver name and city as the document and the API judge them', () => {
  it('when a new driver\'s name or city is any mix of letters, spaces and controls around its bounds, then both agree', async () => {
    const field = fc.oneof(textNear(200).map((name) => ({ name })), textNear(80).map((city) => ({ city })));
    await fc.assert(
      fc.asyncProperty(field, async (over) => {
        const body = { name: 'Ana Ruiz', city: 'Puebla', whatsapp: `551111${next()}`, ...over };

        const res = await t.request.post('/v1/drivers').set(auth).send(body);

        expect(verdict(res.status)).toBe(judge.acceptsBody('post', '/v1/drivers', body));
      }),
      { numRuns: 150 },
    );
  });
});

describe('plate as the document and the API judge it', () => {
  const plateUnit = fc.oneof(
    { weight: 12, arbitrary: fc.constantFrom('A', 'z', '7', ' ', '-') },
    { weight: 1, arbitrary: fc.constantFrom('\t', '\u00a0', '_', '.') },
  );

  it('when a new vehicle\'s plate is any mix of letters, digits, spaces and marks, 4 to 14 characters, then both agree', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(plateUnit, { minLength: 4, maxLength: 14 }), async (units) => {
        const body = { plate: units.join(''), brand: 'Kia', model: 'Rio', year: 2023, color: 'Rojo' };

        const res = await t.request.post('/v1/vehicles').set(auth).send(body);

        expect(verdict(res.status)).toBe(judge.acceptsBody('post', '/v1/vehicles', body));
      }),
      { numRuns: 120 },
    );
  });
});

describe('colour names: the document admits only what the API reads as a catalog colour', () => {
  const VARIANTS: Record<string, string[]> = { a: ['a', 'A', 'á', 'Á'], e: ['e', 'É', 'è'], i: ['i', 'Í'], o: ['o', 'ó', 'Ö'], u: ['u', 'ü', 'Ú'], n: ['n', 'ñ', 'N'] };
  const spelling = (key: string) =>
    fc.tuple(...[...key].map((ch) => (ch === ' ' ? fc.constantFrom('-', '_', ' ', '  ', '\u00a0', ' - ') : fc.constantFrom(ch, ch.toUpperCase(), ...(VARIANTS[ch] ?? [])))))
      .map((chars) => chars.join(''));
  const catalogSpelling = fc
    .record({
      name: fc.constantFrom(...catalogNameKeys()).chain(spelling),
      finish: fc.option(fc.constantFrom(...FINISHES).chain(spelling)),
      pad: fc.constantFrom('', ' ', '\t', '-'),
    })
    .map(({ name, finish, pad }) => `${pad}${name}${finish ? ` ${finish}` : ''}${pad === '\t' ? '\n' : pad}`);
  const noise = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('fucsia', 'rojo!', 'rojo.', 'azul marino oscuro', 'gris mate mate', 'negro\u0000'));

  it('when a colour is written any common way, then the document admits it (within 40 characters) and the API creates the vehicle', async () => {
    await fc.assert(
      fc.asyncProperty(catalogSpelling.filter((c) => [...c].length <= 40), async (color) => {
        const body = { plate: `CL-${next()}`, brand: 'Kia', model: 'Rio', year: 2023, color };

        const res = await t.request.post('/v1/vehicles').set(auth).send(body);

        expect([judge.acceptsBody('post', '/v1/vehicles', body), res.status]).toEqual([true, 201]);
      }),
      { numRuns: 80 },
    );
  });

  it('when any text is sent as a colour, then whatever the document admits the API admits', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(catalogSpelling, noise), async (color) => {
        const body = { plate: `CN-${next()}`, brand: 'Kia', model: 'Rio', year: 2023, color };

        const res = await t.request.post('/v1/vehicles').set(auth).send(body);

        if (judge.acceptsBody('post', '/v1/vehicles', body)) expect(res.status).toBe(201);
        else expect([201, 400]).toContain(res.status);
      }),
      { numRuns: 80 },
    );
  });
});
