import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECLARED } from '../../server/coverage/machines.ts';
import { serveForSuite, tenantClient } from '../support/process.ts';

const BIN = fileURLToPath(new URL('../../cli/bin.mjs', import.meta.url));
const TOTAL = DECLARED.length;

/** One vehicle registered on platform_b: exactly one transition, none → registered. */
const ONE_TRANSITION = `name: una transición
tenants: [{ as: f, name: Flota Cobertura, keys: [{ as: k }] }]
steps:
  - request:
      method: POST
      path: /v1/vehicles
      body: { plate: "CV\${run.tag}", brand: Kia, model: Rio, year: 2024, color: blanco, vin: "KNADM4A37E6\${run.digits}" }
    capture: { car: body.id }
  - request: { method: POST, path: "/v1/vehicles/\${car}/registrations", body: { platform: platform_b } }
    expect: { status: 201 }
`;

/** `fleet-sim coverage` and the coverage of `scenario run`, against a running serve. */
describe('transition coverage from the command line', () => {
  const env = serveForSuite({ FLEET_CLOCK_START: '2026-05-04T12:00:00.000Z' });
  let scenario: string;
  /** The CLI as a user types it: human output unless the arguments ask for --json. */
  const run = (args: string[]) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(process.execPath, [BIN, ...args], { env: env.env, timeout: 90_000 }, (err, stdout, stderr) =>
        resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
      );
    });
  const registeredOnB = (report: { transitions: { machine: string; count: number }[] }) =>
    report.transitions.find((t) => t.machine === 'registration.platform_b')!.count;

  beforeAll(async () => {
    scenario = join(env.dataDir, 'one-transition.yaml');
    writeFileSync(scenario, ONE_TRANSITION);
    // A used serve: another world already registered a vehicle on platform_b.
    const other = await tenantClient(env, 'Otra Flota');
    const car = await other.api('POST', '/v1/vehicles', { plate: 'OTR-001', brand: 'Kia', model: 'Rio', year: 2024, colorId: 1, vin: 'KNADM4A37E6300001' });
    await other.api('POST', `/v1/vehicles/${car.body.id}/registrations`, { platform: 'platform_b' });
  }, 60_000);

  it('when coverage is asked with --json, then one document lists every declared transition with the counts of the whole serve', async () => {
    const res = await env.cli(['coverage']);

    expect(res.code, res.stderr).toBe(0);
    expect(res.json).toMatchObject({ covered: 1, total: TOTAL });
    expect(res.json.transitions).toHaveLength(TOTAL);
    expect(registeredOnB(res.json)).toBe(1);
  }, 60_000);

  it('when coverage is asked without --json, then it prints the summary, a table of every transition and the ones never seen', async () => {
    const res = await run(['coverage']);

    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(new RegExp(`^Cobertura de transiciones de todos los mundos: 1 de ${TOTAL} \\(\\d+\\.\\d%\\)\n`));
    expect(res.stdout).toMatch(/MÁQUINA\s+TRANSICIÓN\s+VECES/);
    expect(res.stdout).toMatch(/registration\.platform_b\s+none → registered\s+1/);
    expect(res.stdout).toMatch(/assignment\s+— → active\s+0/);
    expect(res.stdout).toContain(`Nunca vistas (${TOTAL - 1}):`);
  }, 60_000);

  it('when coverage names a tenant that does not exist, then it exits non-zero with one Spanish line', async () => {
    const res = await run(['coverage', '--tenant', '00000000-0000-4000-8000-000000000000']);

    expect(res.code).not.toBe(0);
    expect(res.stderr.trim()).toBe('error: El tenant 00000000-0000-4000-8000-000000000000 no existe en este testbed. Lo que hizo un mundo borrado sigue contado en la cobertura de todo el testbed (GET /_testbed/coverage sin tenant, o fleet-sim coverage).');
  }, 60_000);

  it("when a scenario runs on the used serve, then its coverage is its own worlds' only: printed at the end and written by --coverage-out", async () => {
    const out = join(env.dataDir, 'coverage.json');

    // Its worlds kept (a passing file's are deleted after the run): the serve-wide count below needs them.
    const res = await run(['scenario', 'run', '--keep-worlds', '--coverage-out', out, scenario]);

    expect(res.code, res.stderr).toBe(0);
    // Said first: the serve the run went to (FLEET_DATA_DIR plays no part in choosing it).
    expect(res.stdout.split('\n')[0]).toBe(`Contra el serve de ${env.base} (PORT=${env.port}), en mundos nuevos creados por su API de control`);
    expect(res.stdout).toContain(`Cobertura de transiciones de esta ejecución: 1 de ${TOTAL}`);
    // Short by default: five never seen, then how many more and where the whole list is.
    expect(res.stdout).toContain(`Nunca vistas (${TOTAL - 1}):`);
    expect(res.stdout).toContain(`  … y ${TOTAL - 6} más (la lista entera: --coverage-out FILE o --json)`);
    const written = JSON.parse(readFileSync(out, 'utf8'));
    expect(written).toMatchObject({ covered: 1, total: TOTAL });
    expect(registeredOnB(written)).toBe(1);
    // Not vacuous: the serve as a whole has counted the other world's registration too.
    expect(registeredOnB((await env.cli(['coverage'])).json)).toBeGreaterThanOrEqual(2);
  }, 120_000);

  it('when a world restore takes back what the steps made, then the run still counts those transitions, each once', async () => {
    const rewound = join(env.dataDir, 'rewound.yaml');
    const steps = ONE_TRANSITION.slice(ONE_TRANSITION.indexOf('steps:\n') + 'steps:\n'.length);
    writeFileSync(rewound, ONE_TRANSITION.replace('steps:\n', 'steps:\n  - saveSnapshot: inicio\n')
      + '  - restoreSnapshot: inicio\n' + steps.replaceAll('CV${run.tag}', 'CW${run.tag}').replaceAll('E6${run.digits}', 'E7${run.digits}')
      + '  - restoreSnapshot: inicio\n  - request: { method: GET, path: /v1/vehicles }\n    expect: { body: { data: { $length: 0 } } }\n');

    const res = await run(['scenario', 'run', '--json', rewound]);

    expect(res.code, res.stderr).toBe(0);
    const { coverage } = JSON.parse(res.stdout);
    // Two registrations, both taken back by a restore: the world counts none now, the run both.
    expect(registeredOnB(coverage)).toBe(2);
    expect(coverage.covered).toBe(1);
  }, 120_000);

  it('when a scenario fails, then its failing step comes first and the coverage after it is short: the count and the first five never seen', async () => {
    const failing = join(env.dataDir, 'failing.yaml');
    writeFileSync(failing, 'name: falla\ntenants: [{ as: f, name: F, keys: [{ as: k }] }]\nsteps:\n  - request: { method: GET, path: /v1/health }\n    expect: { body: { status: down } }\n');

    const res = await run(['scenario', 'run', failing]);

    expect(res.code).toBe(1);
    const failure = res.stdout.indexOf('body.status: se esperaba "down", llegó "ok"');
    const coverage = res.stdout.indexOf('Cobertura de transiciones de esta ejecución');
    expect(failure).toBeGreaterThan(-1);
    expect(coverage).toBeGreaterThan(failure);
    // The count, the table's header, five transitions and the line saying how many more (the kept worlds come after).
    const never = res.stdout.slice(res.stdout.indexOf(`Nunca vistas (${TOTAL}):`)).split('\n').slice(0, 8);
    expect(never[7]).toBe(`  … y ${TOTAL - 5} más (la lista entera: --coverage-out FILE o --json)`);
    expect(never.slice(2, 7).every((line) => / → /.test(line))).toBe(true);
  }, 120_000);

  it('when the run is below --min-coverage, then it exits non-zero with a Spanish line naming both figures; at or above it passes', async () => {
    const below = await run(['scenario', 'run', '--json', '--min-coverage', '50', scenario]);
    const atIt = await run(['scenario', 'run', '--json', '--min-coverage', String((1 / TOTAL) * 100), scenario]);

    expect(below.code).toBe(1);
    expect(below.stderr).toMatch(new RegExp(`^error: la cobertura de transiciones es \\d+\\.\\d% \\(1 de ${TOTAL}\\), por debajo del mínimo de 50%\\n$`));
    // The document's verdict is the exit code's: the file passed, the run did not.
    expect(JSON.parse(below.stdout)).toMatchObject({ ok: false, minCoverage: { percent: 50, met: false }, scenarios: [{ ok: true }] });
    expect(atIt.code, atIt.stderr).toBe(0);
    expect(JSON.parse(atIt.stdout)).toMatchObject({ ok: true, minCoverage: { met: true }, coverage: { covered: 1, total: TOTAL } });
  }, 120_000);

  it('when a passing run asks for a minimum it meets, then it lists every transition never seen (what is left to cover)', async () => {
    const res = await run(['scenario', 'run', '--min-coverage', '0', scenario]);

    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain(`Nunca vistas (${TOTAL - 1}):`);
    expect(res.stdout).not.toContain('… y ');
    expect(res.stdout).toMatch(/assignment\s+— → active/);
  }, 120_000);

  it('when --min-coverage is not a percentage, then the run stops before any step with a Spanish line', async () => {
    const res = await run(['scenario', 'run', '--min-coverage', 'abc', scenario]);

    expect(res.code).toBe(1);
    expect(res.stderr.trim()).toBe('error: --min-coverage debe ser un porcentaje de 0 a 100 (recibido: abc)');
    expect(res.stdout).toBe('');
  }, 60_000);

  it('when --coverage-out and --junit name folders that do not exist, then one Spanish line each says so before any step runs', async () => {
    const out = join(env.dataDir, 'no-existe', 'coverage.json');
    const junit = join(env.dataDir, 'tampoco', 'x.xml');

    const res = await run(['scenario', 'run', '--coverage-out', out, '--junit', junit, scenario]);

    expect(res.code).toBe(1);
    expect(res.stderr.trim().split('\n')).toEqual([
      `error: no se podrá escribir ${junit}: su carpeta no existe`,
      `error: no se podrá escribir ${out}: su carpeta no existe`,
    ]);
    expect(res.stdout).toBe('');
  }, 120_000);

  it('when serve restarts on the same data dir, then the counts are still there', async () => {
    const before = (await env.cli(['coverage'])).json;

    await env.stop();
    await env.restart();

    expect((await env.cli(['coverage'])).json).toEqual(before);
  }, 120_000);
});
