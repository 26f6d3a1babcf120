import { describe, expect, it } from 'vitest';
import { match } from '../../cli/scenario/matcher.ts';

const body = {
  id: '6c415597-584a-457d-978a-b601850cb088',
  status: 'approved',
  year: 2023,
  grossMxn: '125.50',
  createdAt: '2026-05-04T12:00:00.000Z',
  vin: null,
  registrations: [
    { platform: 'platform_a', status: 'approved' },
    { platform: 'platform_b', status: 'none' },
  ],
};

describe('expectations matcher', () => {
  it('when the expectation is a subset of the body, then it matches (unknown fields are tolerated)', () => {
    expect(match({ status: 'approved', registrations: [{ platform: 'platform_a' }, {}] }, body, 'body')).toEqual([]);
  });

  it('when a value differs, then the mismatch names its path', () => {
    expect(match({ registrations: [{}, { status: 'registered' }] }, body, 'body')).toEqual([
      'body.registrations[1].status: se esperaba "registered", llegó "none"',
    ]);
  });

  it('when a key is absent, then it is reported missing', () => {
    expect(match({ plate: 'ABC' }, body, 'body')).toEqual(['body.plate: falta (se esperaba "ABC")']);
  });

  it('when an array has another length, then it does not match', () => {
    expect(match({ registrations: [{}] }, body, 'body')[0]).toMatch(/body\.registrations: se esperaba una lista de 1 elementos/);
  });

  it('when scalars compare, then equality is strict (no coercion)', () => {
    expect(match({ year: '2023' }, body)).toHaveLength(1);
    expect(match({ vin: null }, body)).toEqual([]);
  });

  it.each<[Record<string, unknown>]>([
    [{ id: { $type: 'uuid' }, createdAt: { $type: 'date-time' }, grossMxn: { $type: 'decimal' }, year: { $type: 'integer' } }],
    [{ vin: { $exists: true }, plate: { $exists: false } }],
    [{ status: { $regex: '^appr' } }],
    [{ registrations: { $length: 2 }, status: { $length: { $gte: 8 } } }],
    [{ registrations: { $contains: { platform: 'platform_b' } } }],
    [{ registrations: { $every: { platform: { $regex: '^platform_' } } } }],
    [{ status: { $oneOf: ['pending', 'approved'] } }],
    [{ year: { $gt: 2022, $lte: 2023 }, grossMxn: { $gte: 125.5, $lt: 126 } }],
    [{ status: { $ne: 'rejected' }, registrations: { $eq: body.registrations } }],
  ])('when operators hold (%j), then it matches', (expected) => {
    expect(match(expected, body)).toEqual([]);
  });

  it.each<[Record<string, unknown>, RegExp]>([
    [{ id: { $type: 'integer' } }, /id: se esperaba tipo integer/],
    [{ vin: { $exists: false } }, /vin: se esperaba que no exista/],
    [{ status: { $regex: '^rej' } }, /texto que cumpla \/\^rej\//],
    [{ registrations: { $length: 3 } }, /registrations\.length: se esperaba 3, llegó 2/],
    [{ registrations: { $contains: { status: 'rejected' } } }, /algún elemento como/],
    [{ registrations: { $every: { status: 'approved' } } }, /registrations\[1\]\.status/],
    [{ grossMxn: { $gt: 200 } }, /grossMxn: se esperaba > 200/],
    [{ registrations: { $eq: [] } }, /registrations: se esperaba \[\]/],
  ])('when an operator fails (%j), then the message says what was expected', (expected, message) => {
    const failures = match(expected, body);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(message);
  });

  it('when several things differ, then all are listed', () => {
    expect(match({ status: 'x', year: 1, vin: 'y' }, body)).toHaveLength(3);
  });
});
