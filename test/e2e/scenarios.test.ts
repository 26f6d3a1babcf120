import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFresh, type Target } from '../../cli/scenario/environment.ts';
import { loadScenario, parseScenario } from '../../cli/scenario/load.ts';
import { humanReport } from '../../cli/scenario/report.ts';
import { runScenarioFile } from '../../cli/scenario/run-file.ts';
import { runScenario, type Transcript } from '../../cli/scenario/runner.ts';
import { freePort } from '../support/process.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIN = join(ROOT, 'cli/bin.mjs');
const SHIPPED = readdirSync(join(ROOT, 'fixtures/scenarios'))
  .filter((f) => /\.(ya?ml|json)$/.test(f))
  .map((f) => `fixtures/scenarios/${f}`);
const SCENARIO_TIMEOUT = 90_000;

/** Two runs compare equal once the one field allowed to differ is gone. */
const withoutRequestIds = (t: Transcript) => JSON.parse(JSON.stringify(t, (key, value) => (key === 'requestId' ? undefined : value)));

/**
 * One environment for every shipped file, one after the other, as on a running serve: each file
 * works in worlds of its own, so it passes on an environment that ran anything before (docs/
 * scenarios.md). A fresh environment per file cost ~0.5 s each; `--fresh` itself is run below
 * (determinism) and by the CLI's tests.
 */
describe('shipped scenarios, one after the other on one environment', () => {
  let target: Target;
  beforeAll(async () => void (target = await startFresh({ seed: 42, clockStart: '2026-05-04T12:00:00.000Z', simulators: 'in-process' })), 60_000);
  afterAll(() => target?.stop());

  it('when the fixtures are listed, then there are scenarios to run', () => {
    expect(SHIPPED.length).toBeGreaterThanOrEqual(9);
  });

  it.each(SHIPPED)('when %s runs, then every step passes', async (file) => {
    const { transcript } = await runScenario(loadScenario(join(ROOT, file)), target, file);

    expect(transcript.ok, humanReport(transcript)).toBe(true);
    expect(transcript.summary.failed).toBe(0);
  }, SCENARIO_TIMEOUT);
});

/** Runs a scenario's text on an environment of its own (frozen clock) and expects every step to pass. */
async function passesOnFreshEnvironment(yaml: string, file: string, seed: number): Promise<void> {
  const target = await startFresh({ seed, clockStart: '2026-05-04T12:00:00.000Z', simulators: 'in-process' });
  try {
    const { transcript } = await runScenario(parseScenario(yaml, file), target, file);
    expect(transcript.ok, humanReport(transcript)).toBe(true);
  } finally {
    await target.stop();
  }
}

describe('unique values written as text', () => {
  it('when a step escapes a unique token ($${unique.plate}), then it is sent as written (no value drawn in its place), and the expectation reads it the same way', async () => {
    const yaml = [
      'name: Escape de unique',
      'tenants:',
      '  - as: fleet',
      '    name: Flota Escape',
      '    keys: [{ as: admin }]',
      'steps:',
      '  - request:',
      '      method: POST',
      '      path: /v1/vehicles',
      '      body: { plate: "${unique.plate}", brand: "$${unique.plate}", model: "$${unique.placa}", city: "$$${unique.vin}", year: 2023, color: blanco }',
      '    expect: { status: 201, body: { brand: "$${unique.plate}", model: "$${unique.placa}", city: "$$${unique.vin}" } }',
    ].join('\n');

    await passesOnFreshEnvironment(yaml, 'escape.yaml', 5);
  });
});

describe('the documented example', () => {
  it('when the README example runs, then every step passes (the docs cannot rot)', async () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Scenarios'));
    const yaml = /```yaml\n([\s\S]*?)```/.exec(section)![1];

    await passesOnFreshEnvironment(yaml, 'README.md', 3);
  });
});

describe('determinism', () => {
  it('when one rich scenario runs twice with the same seed and clock on fresh data dirs, then the transcripts are identical but for requestId', async () => {
    const file = join(ROOT, 'fixtures/scenarios/assignments.yaml');
    // The companion process, as `scenario run --fresh` starts it.
    const options = { fresh: true, seed: 7, clockStart: '2026-06-01T09:30:00.000Z' } as const;

    const [first, second] = await Promise.all([runScenarioFile(file, options), runScenarioFile(file, options)]);

    expect(first.transcript.ok, humanReport(first.transcript)).toBe(true);
    expect(withoutRequestIds(second.transcript)).toEqual(withoutRequestIds(first.transcript));
    // Not vacuous: ids and timestamps are in what was compared.
    expect(JSON.stringify(first.transcript)).toMatch(/"id":"[0-9a-f-]{36}"/);
    expect(JSON.stringify(first.transcript)).toContain('2026-06-01T21:30:00.000Z');
  }, SCENARIO_TIMEOUT);

  it('when the seed differs, then the ids differ', async () => {
    const file = join(ROOT, 'fixtures/scenarios/vehicle-registration-platform-b.yaml');

    const options = { fresh: true, simulators: 'in-process' } as const;

    const [a, b] = await Promise.all([runScenarioFile(file, { ...options, seed: 1 }), runScenarioFile(file, { ...options, seed: 2 })]);

    expect(a.transcript.tenants[0].id).not.toBe(b.transcript.tenants[0].id);
  }, SCENARIO_TIMEOUT);
});

describe('against an environment that is already running', () => {
  let target: Target;

  beforeAll(async () => {
    target = await startFresh({ seed: 5, clockStart: '2026-05-04T12:00:00.000Z', simulators: 'in-process' });
  });
  afterAll(async () => {
    await target?.stop();
  });

  it('when the same scenario runs twice on one environment, then both pass (plates and phones come from run tokens)', async () => {
    const file = join(ROOT, 'fixtures/scenarios/invitations.yaml');
    const scenario = parseScenario(readFileSync(file, 'utf8'), file);

    const first = await runScenario(scenario, target, file);
    const second = await runScenario(scenario, target, file);

    expect(first.transcript.ok, humanReport(first.transcript)).toBe(true);
    expect(second.transcript.ok, humanReport(second.transcript)).toBe(true);
  }, SCENARIO_TIMEOUT);

  it('when a step fails, then it lists why, keeps the exchange, and the later steps are skipped', async () => {
    const scenario = parseScenario(
      `name: falla
tenants: [{ as: f, name: F, keys: [{ as: k }] }]
steps:
  - request: { method: GET, path: /v1/me }
    capture: { tenant: body.tenantId }
  - request: { method: GET, path: /v1/vehicles/00000000-0000-4000-8000-000000000000 }
    expect: { status: 200, body: { id: { $type: uuid } } }
  - request: { method: GET, path: /v1/me }
`,
      'inline.yaml',
    );

    const { transcript } = await runScenario(scenario, target, 'inline.yaml');

    expect(transcript.ok).toBe(false);
    expect(transcript.summary).toEqual({ passed: 1, failed: 1, skipped: 1 });
    expect(transcript.steps[0].captured).toEqual({ tenant: transcript.tenants[0].id });
    expect(transcript.steps[1].failures).toEqual(['status: se esperaba 200, llegó 404', 'body.id: falta (se esperaba {"$type":"uuid"})']);
    expect(transcript.steps[1].response).toMatchObject({ status: 404, body: { error: { code: 'NOT_FOUND' } } });
    expect(transcript.steps[2]).toMatchObject({ status: 'skipped' });
  });

  it('when a step uses a name no earlier step captures, then the file is refused naming it, before any request', () => {
    const text = `name: sin captura\ntenants: [{ as: f, name: F, keys: [{ as: k }] }]\nsteps:\n  - acceptInvitation: "\${driver}"\n`;

    expect(() => parseScenario(text, 'inline.yaml')).toThrow(/paso 1: acceptInvitation: \$\{driver\} no está definido/);
  });

  it('when a capture names a field the answer lacks, then that step fails naming the path, and the next is skipped', async () => {
    const scenario = parseScenario(
      `name: captura ausente\ntenants: [{ as: f, name: F, keys: [{ as: k }] }]\nsteps:\n  - request: { method: GET, path: /v1/me }\n    capture: { driver: body.nope }\n  - acceptInvitation: "\${driver}"\n`,
      'inline.yaml',
    );

    const { transcript } = await runScenario(scenario, target, 'inline.yaml');

    expect(transcript.steps[0].failures).toEqual(['capture driver: body.nope no está en la respuesta']);
    expect(transcript.steps[1].status).toBe('skipped');
  });

  it('when a control step\'s ${…} holds null or a number where it takes text, then that step fails saying so, and the next is skipped', async () => {
    const scenario = parseScenario(
      `name: captura nula
tenants: [{ as: f, name: F, keys: [{ as: k }] }]
steps:
  - request: { method: POST, path: /v1/vehicles/registrations/batch, body: { platform: platform_b, vehicleIds: [00000000-0000-4000-8000-000000000000] } }
    capture: { job: body.jobId }
  - waitForJob: "\${job}"
  - request: { method: GET, path: /v1/me }
`,
      'inline.yaml',
    );
    const numeric = parseScenario(
      `name: captura numérica\ntenants: [{ as: f, name: F, keys: [{ as: k }] }]\nsteps:\n  - request: { method: GET, path: /v1/me }\n    capture: { n: status }\n  - reviewVehicle: { vehicle: "\${n}", verdict: approved }\n`,
      'inline.yaml',
    );

    const { transcript } = await runScenario(scenario, target, 'inline.yaml');
    const other = await runScenario(numeric, target, 'inline.yaml');

    expect(transcript.steps[0].response?.body).toMatchObject({ jobId: null });
    expect(transcript.steps[1]).toMatchObject({ status: 'failed', failures: ['waitForJob vale null tras sustituir los ${…}: debe ser el id del lote (texto, p. ej. "${job}") o {id, timeout?}: timeout una duración (30s)'] });
    expect(transcript.steps[2].status).toBe('skipped');
    expect(other.transcript.steps[1]).toMatchObject({ status: 'failed', failures: ['reviewVehicle.vehicle vale 200 tras sustituir los ${…}: vehicle debe ser texto'] });
  });
});

describe('fleet-sim scenario run (the real command)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'fleet-scenario-cli-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // The passing file saves and restores a world snapshot: on a fresh environment, the world rows'
  // thread then outlived the API's server, and the process ended with nothing reported (exit 13).
  it('when one file passes and one fails, then --json has both transcripts, --junit is written and the exit code is non-zero', async () => {
    const failing = join(dir, 'failing.yaml');
    writeFileSync(failing, 'name: wrong\ntenants: [{ as: f, name: F, keys: [{ as: k }] }]\nsteps:\n  - request: { method: GET, path: /v1/health }\n    expect: { body: { status: down } }\n');
    const junit = join(dir, 'report.xml');
    const args = [BIN, 'scenario', 'run', '--fresh', '--json', '--junit', junit, 'fixtures/scenarios/world-fixture.yaml', failing];

    const result = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(process.execPath, args, { cwd: ROOT, timeout: SCENARIO_TIMEOUT }, (err, stdout, stderr) =>
        resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
      );
    });

    expect(result.code).toBe(1);
    expect(result.stderr).toContain('error: 1 de 2 escenarios fallaron');
    const json = JSON.parse(result.stdout);
    expect(json.ok).toBe(false);
    expect(json.scenarios.map((s: Transcript) => s.ok)).toEqual([true, false]);
    expect(json.scenarios[1].steps[0].failures).toEqual(['body.status: se esperaba "down", llegó "ok"']);
    const xml = readFileSync(junit, 'utf8');
    expect(xml.match(/<testsuite /g)).toHaveLength(2);
    expect(xml).toContain('failures="1"');
  }, SCENARIO_TIMEOUT);

  it('when a fresh run sets a platform failing for its world and moves its clock, then its transcript says what was not read, and stderr holds no log line of serve\'s', async () => {
    const file = join(dir, 'platform-down.yaml');
    writeFileSync(file, 'name: caida\ntenants: [{ as: f, name: F, keys: [{ as: k }], fixture: { vehicles: 1, registeredOn: [platform_b] } }]\nsteps:\n'
      + '  - fault: { platform: platform_b, mode: error }\n  - advanceClock: 1d\n');

    const result = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(process.execPath, [BIN, 'scenario', 'run', '--fresh', '--json', file], { cwd: ROOT, timeout: SCENARIO_TIMEOUT }, (err, stdout, stderr) =>
        resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }));
    });

    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.stringify(JSON.parse(result.stdout).scenarios[0].steps[1])).toContain('falla de plataforma simulada en este mundo');
  }, SCENARIO_TIMEOUT);

  it('when the file is - and comes on the standard input (a host file, into a container), then it runs; - twice is refused before anything runs', async () => {
    const run = (args: string[], input: string) => new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [BIN, 'scenario', 'run', '--fresh', '--json', ...args], { cwd: ROOT, timeout: SCENARIO_TIMEOUT });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d));
      child.stderr.on('data', (d: Buffer) => (stderr += d));
      child.on('close', (code) => resolve({ code, stdout, stderr }));
      child.stdin.end(input);
    });
    const yaml = 'name: desde stdin\ntenants: [{ as: f, name: F, keys: [{ as: k }] }]\nsteps:\n  - request: { key: k, method: GET, path: /v1/me }\n    expect: { status: 200 }\n';

    const once = await run(['-'], yaml);
    const twice = await run(['-', '-'], yaml);

    expect(once.stderr).toBe('');
    expect(once.code).toBe(0);
    expect(JSON.parse(once.stdout).scenarios[0]).toMatchObject({ scenario: 'desde stdin', file: '-', ok: true });
    expect(twice.code).toBe(1);
    expect(twice.stderr).toBe('error: - (la entrada estándar) solo puede nombrarse una vez\n');
  }, SCENARIO_TIMEOUT);

  it('when several files are invalid, one in its shape and one in what its steps target, then each is said before anything runs, and --junit holds each as an error, the valid file as not run', async () => {
    const HEAD = 'tenants: [{ as: f, name: F, keys: [{ as: k }] }]\nsteps:\n';
    const shape = join(dir, 'shape.yaml');
    writeFileSync(shape, `name: forma\n${HEAD}  - { reqest: { method: GET, path: /v1/me } }\n`);
    const targets = join(dir, 'targets.yaml');
    writeFileSync(targets, `name: objetivos\n${HEAD}  - { name: regla, fault: { effect: internal, path: "/v1/nope/{id}" } }\n`
      + '  - { fault: { effect: internal, path: /v1/vehicle } }\n  - { fault: { effect: internal, operation: createVehicles } }\n'
      + '  - { expectRequests: { count: 1, operation: getHealth } }\n  - { expectRequests: { count: 0, path: "/v1/vehicles?plate=x" } }\n');
    const junit = join(dir, 'invalid-report.xml');

    const result = await new Promise<{ code: number; stderr: string }>((resolve) => {
      // --fresh: nothing is started before the files are read, so a file that runs would show here.
      const args = [BIN, 'scenario', 'run', '--fresh', '--junit', junit, 'fixtures/scenarios/world-fixture.yaml', shape, targets];
      execFile(process.execPath, args, { cwd: ROOT, timeout: SCENARIO_TIMEOUT }, (err, _stdout, stderr) =>
        resolve({ code: err ? Number(err.code ?? 1) : 0, stderr }));
    });

    expect(result.code).toBe(1);
    const xml = readFileSync(junit, 'utf8');
    expect(xml).toContain('<testsuites name="fleet-sim scenarios" tests="3" failures="0" errors="2" skipped="1" time="0.000">');
    expect(xml).toContain('<skipped message="no se ejecutó: otro archivo de la ejecución no es válido"/>');
    expect(xml.match(/<error message="el escenario no es válido" type="unrun">/g)).toHaveLength(2);
    expect(xml).toContain('paso 1: campo desconocido: reqest');
    expect(result.stderr.trimEnd().split('\n')).toEqual([
      `error: ${shape}: el escenario no es válido:`,
      // A misspelt action is said once, with the one meant.
      expect.stringMatching(/^ {2}- paso 1: campo desconocido: reqest .*¿quisiste decir request\?\) \(línea 4\)$/),
      `error: ${targets}: el escenario no es válido:`,
      '  - paso 1 ("regla"): fault.path: path «/v1/nope/{id}» no es una ruta del documento (/v1/openapi.json). (línea 4)',
      '  - paso 2: fault.path: path «/v1/vehicle» no es una ruta del documento (/v1/openapi.json). (línea 5)',
      '  - paso 3: fault.operation: operation «createVehicles» no es un operationId de /v1/openapi.json. ¿Quisiste decir createVehicle? (línea 6)',
      expect.stringMatching(/^ {2}- paso 4: expectRequests\.operation: operation «getHealth» se lee sin clave de API.*\(línea 7\)$/),
      expect.stringMatching(/^ {2}- paso 5: expectRequests\.path: path «\/v1\/vehicles\?plate=x» lleva consulta o fragmento.*\(línea 8\)$/),
    ]);
  }, SCENARIO_TIMEOUT);

  it('when no serve answers, then --junit replaces an earlier run\'s report with one error per file saying why nothing ran', async () => {
    const junit = join(dir, 'unreachable-report.xml');
    writeFileSync(junit, '<testsuites tests="17" failures="0"/>');
    const port = await freePort();

    const result = await new Promise<{ code: number; stderr: string }>((resolve) => {
      execFile(process.execPath, [BIN, 'scenario', 'run', '--junit', junit, 'fixtures/scenarios/world-fixture.yaml'], { cwd: ROOT, timeout: SCENARIO_TIMEOUT, env: { ...process.env, PORT: String(port), FLEET_URL: '' } },
        (err, _stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, stderr }));
    });

    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`error: no hay un testbed escuchando en http://127.0.0.1:${port}`);
    const xml = readFileSync(junit, 'utf8');
    expect(xml).toContain('<testsuites name="fleet-sim scenarios" tests="1" failures="0" errors="1" skipped="0" time="0.000">');
    expect(xml).toContain(`<error message="no se pudo ejecutar" type="unrun">no hay un testbed escuchando en http://127.0.0.1:${port}`);
  }, SCENARIO_TIMEOUT);

  it.each(['99999999999999999999', '9007199254740992', '1.5'])('when --seed is %s (past what a seed holds, or no integer), then one line names --seed, not the variable it becomes', async (seed) => {
    const result = await new Promise<{ code: number; stderr: string }>((resolve) => {
      execFile(process.execPath, [BIN, 'scenario', 'run', '--fresh', '--seed', seed, 'fixtures/scenarios/world-fixture.yaml'], { cwd: ROOT, timeout: SCENARIO_TIMEOUT }, (err, _stdout, stderr) =>
        resolve({ code: err ? Number(err.code ?? 1) : 0, stderr }));
    });

    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`error: --seed debe ser un número entero entre -9007199254740991 y 9007199254740991 (recibido: ${seed})\n`);
  }, SCENARIO_TIMEOUT);
});
