import { describe, expect, it } from 'vitest';
import { advancedLines } from '../../cli/commands/clock.ts';
import { restoredLines } from '../../cli/commands/world-snapshot.ts';
import { summary } from '../../cli/commands/jobs.ts';
import { keyCreatedLine } from '../../cli/commands/keys.ts';
import { answerLine, reviewLine } from '../../cli/commands/platform-a.ts';
import { ridesReport } from '../../cli/commands/rides.ts';
import { tenantApprovedLine, tenantCreatedLine, tenantsDeletedLine } from '../../cli/commands/tenants.ts';
import { fixtureLine } from '../../cli/commands/tenant-fixture.ts';
import { humanReport } from '../../cli/scenario/report.ts';
import { emptyCounts } from '../../server/ingestion/generated-counts.ts';

const ID = '0b8e2c1a-7f3d-4e5a-9c6b-1d2e3f4a5b6c';
/** English words the lines used to mix in, and the enum values when they stand in a sentence. */
const ENGLISH = /\b(the|of|and|created|approved|rejected|bound|active|pending|completed|failed|tenant|vehicle|card|key|job|rides?|days?)\b/i;

/** Each value shows after a label (`estado: approved`); with the values taken out, what is left is Spanish. */
function expectSpanishWithValues(line: string, values: string[]) {
  let rest = line.replace(ID, '·');
  for (const value of values) {
    expect(line).toMatch(new RegExp(`\\p{L}+: ${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'u'));
    rest = rest.split(value).join('·');
  }
  expect(rest).not.toMatch(ENGLISH);
}

describe('CLI human output', () => {
  it('when a world restore could not read some of the days it went through, then a line says each, after the time and what it cleared', () => {
    const message = 'La plataforma platform_b no está disponible (falla de plataforma simulada en este mundo); reintenta más tarde.';

    const lines = restoredLines(ID, { name: 'inicio', now: '2026-05-04T12:00:00.000Z', cleared: { faults: 1 }, notSynced: [{ task: 'rides', tenant: ID, message }] }).split('\n');
    const clean = restoredLines(ID, { name: 'inicio', now: '2026-05-04T12:00:00.000Z', notSynced: [] });

    expect(lines).toEqual([
      `Mundo ${ID} restaurado a inicio; hora del mundo: 2026-05-04 06:00 CDMX (1 regla de falla borrada)`,
      `Sin leer de las plataformas (tenant ${ID}, tarea rides; se reintenta en la próxima sincronización): ${message}`,
    ]);
    expect(clean).toBe(`Mundo ${ID} restaurado a inicio; hora del mundo: 2026-05-04 06:00 CDMX`);
  });

  it('when an advance could not read part of the platforms\' due work, then a line says each, after the time', () => {
    const message = 'La plataforma platform_b no está disponible (falla de plataforma simulada en este mundo); reintenta más tarde.';

    const lines = advancedLines({ now: '2026-05-04T12:00:00.000Z', notSynced: [{ task: 'rides', tenant: ID, message }, { task: 'registrations', tenant: null, message }] }, ID).split('\n');

    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(new RegExp(`^Reloj del tenant ${ID}: `));
    expect(lines[1]).toBe(`Sin leer de las plataformas (tenant ${ID}, tarea rides; se reintenta en la próxima sincronización): ${message}`);
    expect(lines[2]).toBe(`Sin leer de las plataformas (todos los mundos, tarea registrations; se reintenta en la próxima sincronización): ${message}`);
    expect(advancedLines({ now: '2026-05-04T12:00:00.000Z', notSynced: [] })).not.toContain('\n');
    // An older serve (FLEET_URL) answers the time alone.
    expect(advancedLines({ now: '2026-05-04T12:00:00.000Z' })).not.toContain('\n');
  });

  it('when a fixture made one of a kind, then its count is singular; none or several, plural', () => {
    const ids = (n: number) => Array.from({ length: n }, () => ID);

    expect(fixtureLine({ vehicleIds: ids(1), driverIds: ids(0), assignmentIds: ids(1) }))
      .toBe('Fixture: 1 vehículo, 0 conductores, 1 asignación (sus ids, con --json)');
    expect(fixtureLine({ vehicleIds: ids(2), driverIds: ids(1), assignmentIds: ids(2) }))
      .toBe('Fixture: 2 vehículos, 1 conductor, 2 asignaciones (sus ids, con --json)');
  });

  it.each([
    ['platform-a review', reviewLine({ vehicleId: ID, verdict: 'approved', card: 'approved', status: 'approved' }), ['approved']],
    ['platform-a review, a rejected card', reviewLine({ vehicleId: ID, verdict: 'approved', card: 'rejected', status: 'rejected' }), ['rejected', 'approved']],
    ['platform-a accept', answerLine({ driverId: ID, status: 'bound' }, 'acepta'), ['bound']],
    ['platform-a decline', answerLine({ driverId: ID, status: 'rejected' }, 'rechaza'), ['rejected']],
    ['tenants create', tenantCreatedLine({ id: ID, name: 'Flota Uno', status: 'pending' }), ['pending']],
    ['tenants approve', tenantApprovedLine({ id: ID, status: 'active' }), ['active']],
    ['tenants delete --name-prefix', tenantsDeletedLine('suite-a', [ID, ID]), ['2']],
    ['tenants delete --name-prefix (none)', tenantsDeletedLine('suite-a', []), []],
    ['keys create', keyCreatedLine({ id: ID, environment: 'test', scopes: ['vehicles:read', 'drivers:write'], key: 'fk_test_x' }), ['test', 'vehicles:read, drivers:write']],
    ['jobs watch', summary({ id: ID, status: 'completed', processed: 3, total: 3, succeeded: 2, failed: 1 }), ['completed']],
  ])('when %s prints its human line, then it reads in Spanish with the API values shown as values', (_command, line, values) => {
    expectSpanishWithValues(line, values);
  });

  it('when a review asked approved meets a rejected card, then the line says the registration was rejected and why', () => {
    const line = reviewLine({ vehicleId: ID, verdict: 'approved', card: 'rejected', status: 'rejected' });

    expect(line).toContain('registro: rejected; tarjeta: rejected');
    expect(line).toContain('se pidió vehículo: approved; la tarjeta decide el registro');
    expect(reviewLine({ vehicleId: ID, verdict: 'rejected', card: 'approved', status: 'rejected' })).not.toContain('se pidió');
  });

  it('when rides generate stops at today, then its report says so in Spanish, platforms shown as values', () => {
    const report = ridesReport({ tenant: ID, from: '2026-05-01', to: '2026-05-09' }, '2026-05-04', { platform_a: emptyCounts(), platform_b: emptyCounts() });

    expect(report).toContain('aún no han ocurrido');
    expectSpanishWithValues(report, ['0 viajes']);
    expect(report.replace(/platform_[ab]: /g, '')).not.toMatch(ENGLISH);
  });

  it('when rides generate meets days generated before, then the line says they were read again, not just "0 nuevos"', () => {
    const again = { ...emptyCounts(), vehicles: 5, rides: 329, dailyEarnings: 8 };
    const first = { ...again, generatedRides: 329 };

    const report = ridesReport({ tenant: ID, from: '2026-05-01', to: '2026-05-09' }, '2026-05-09', { platform_a: first, platform_b: again });

    expect(report).toContain('platform_a: 329 viajes (329 nuevos), 8 filas de ganancias diarias');
    expect(report).toContain('platform_b: 329 viajes (0 nuevos: esos días ya se habían generado, se leyeron de nuevo), 8 filas de ganancias diarias');
  });

  it('when a scenario report is printed, then its own words are Spanish', () => {
    const report = humanReport({
      scenario: 'Demo', file: 'demo.yaml', ok: false, environment: { fresh: false },
      steps: [{ index: 1, name: 'paso', status: 'failed', failures: ['body.status: se esperaba "x", llegó "y"'], request: { method: 'GET', path: '/v1/me' }, response: { status: 200, body: {} } }],
      summary: { passed: 0, failed: 1, skipped: 0 },
    } as unknown as Parameters<typeof humanReport>[0]);

    expect(report.replace(/demo\.yaml|Demo|GET|\/v1\/me|body\.status/g, '')).not.toMatch(ENGLISH);
    expect(report).toContain('FALLIDO');
  });
});
