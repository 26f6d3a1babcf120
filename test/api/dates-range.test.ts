import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRequestJudge } from '../support/openapi-request.ts';
import { ridesFixtures, type Item, type PbFleet } from '../support/rides-fixtures.ts';
import { useWorld } from '../support/world.ts';

/**
 * Dates of years 0001 to 9999 (docs/decisions.md): every date parameter of every operation takes
 * each of them, never answers 5xx, and answers as the document's schema judges the date (issue 42).
 */
const judge = createRequestJudge();
const operations = judge.dateParameters();
/** Each (operation, date parameter), with the operation's other required parameters filled in. */
const targets = operations.flatMap(({ path, names, required }) => {
  const base = Object.fromEntries(required.map((p) => [p.name, p.schema.enum?.includes('platform_b') ? 'platform_b' : p.schema.enum![0]]));
  return names.map((name) => ({ path, name, base }));
});

const iso = (d: Date) => d.toISOString().slice(0, 10);
const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Any day of the accepted range, found by the document valid and by the API too. */
const acceptedDay = fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true }).map(iso);

/** Where the rule turns: the ends of the range and just past them, 1970, years 0–99, leap days, month and day ends. */
const edgeDay = fc.constantFrom(
  '0001-01-01', '9999-12-31', '0000-12-31', '0000-01-01', '10000-01-01', '1969-12-31', '1970-01-01', '0068-01-22', '0232-07-27',
  '0099-12-31', '0100-01-01', '2024-02-29', '2023-02-29', '2000-02-29', '1900-02-29', '0004-02-29', '0100-02-29', '0400-02-29',
  '2026-00-10', '2026-13-01', '2026-04-31', '2026-01-00', '2026-01-32', '+2026-01-01', '-0001-01-01', '٢٠٢٦-٠١-٠١', '2026-01-01T00:00', ' 2026-01-01',
);

/** Numbers put in the `YYYY-MM-DD` shape, most of them just inside or just outside a month. */
const shapedDay = fc
  .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
  .map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`);

describe('date parameters across years 0001 to 9999', () => {
  const w = useWorld();
  const r = ridesFixtures(w);
  let fleet: PbFleet, from: string, to: string;
  r.generatedBeforeAll(1, 3, 1, (made) => void ({ fleet, from, to } = made));

  it('when the document is read, then the three reads with from and to are the operations with date parameters', () => {
    expect(targets.map((t) => `${t.path} ${t.name}`)).toEqual([
      '/v1/rides from', '/v1/rides to', '/v1/earnings/daily from', '/v1/earnings/daily to', '/v1/earnings/summary from', '/v1/earnings/summary to',
    ]);
  });

  it('when any date is sent to any date parameter, then no 5xx, and 200 exactly when the document\'s schema admits it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...targets), fc.oneof(acceptedDay, edgeDay, shapedDay), async (target, day) => {
        const query = { ...target.base, [target.name]: day };

        const res = await w.request.get(target.path).set(fleet.auth).query(query);

        expect([200, 400]).toContain(res.status);
        expect(res.status === 200).toBe(judge.acceptsQuery('get', target.path, query));
      }),
      { numRuns: 150 },
    );
  });

  it('when any day of the range is sent, then the document admits it and the API answers 200', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...targets), acceptedDay, async (target, day) => {
        const query = { ...target.base, [target.name]: day };

        const res = await w.request.get(target.path).set(fleet.auth).query(query);

        expect([res.status, judge.acceptsQuery('get', target.path, query)]).toEqual([200, true]);
      }),
      { numRuns: 60 },
    );
  });

  it.each(['0000-12-31', '10000-01-01', '2023-02-29', '1900-02-29'])('when %s is sent as from, then 400 VALIDATION in Spanish naming the range, and the document refuses it too', async (day) => {
    for (const { path, base } of targets) {
      const res = await w.request.get(path).set(fleet.auth).query({ ...base, from: day });

      expect([res.status, res.body.error.code]).toEqual([400, 'VALIDATION']);
      expect(res.body.error.details).toEqual([{ field: 'from', message: 'from debe ser una fecha válida YYYY-MM-DD, de 0001-01-01 a 9999-12-31' }]);
      expect(judge.acceptsQuery('get', path, { ...base, from: day })).toBe(false);
    }
  });

  describe('regressions from the fuzzer (issue 42)', () => {
    const rides = (query: Record<string, string>) => r.rides(fleet.auth, query);

    it('when rides are read from=1969-12-31, then 200 with every ride of the window, as with no from', async () => {
      const all = await rides({ to });
      expect(all.length).toBeGreaterThan(0);

      expect((await rides({ from: '1969-12-31', to })).map((x: Item) => x.id)).toEqual(all.map((x: Item) => x.id));
    });

    it('when rides are read to=0232-07-27 (before the first possible ride, 1970), then 200 and no ride', async () => {
      const res = await w.request.get('/v1/rides').set(fleet.auth).query({ platform: 'platform_b', to: '0232-07-27' });

      expect([res.status, res.body.data, res.body.hasMore]).toEqual([200, [], false]);
    });

    it('when rides are read to=9999-12-31, the last day, then 200 with every ride', async () => {
      const all = await rides({ from });

      expect((await rides({ from, to: '9999-12-31' })).length).toBe(all.length);
    });

    it('when the earnings summary is read from=0068-01-22, then 200 with the same totals as from the window\'s first day', async () => {
      const query = { platform: 'platform_b', to };
      const wide = await w.request.get('/v1/earnings/summary').set(fleet.auth).query({ ...query, from: '0068-01-22' });
      const window = await w.request.get('/v1/earnings/summary').set(fleet.auth).query({ ...query, from });

      expect(wide.status).toBe(200);
      expect(wide.body.totals.trips).toBeGreaterThan(0);
      expect([wide.body.from, wide.body.totals]).toEqual(['0068-01-22', window.body.totals]);
    });

    it('when daily earnings are read from=0068-01-22 to=1969-12-31, then 200 and no day', async () => {
      const res = await w.request.get('/v1/earnings/daily').set(fleet.auth).query({ platform: 'platform_b', from: '0068-01-22', to: '1969-12-31' });

      expect([res.status, res.body.data]).toEqual([200, []]);
    });
  });
});
