import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveForSuite } from '../support/process.ts';
import { DECLARED } from '../../server/coverage/machines.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SHIPPED = readdirSync(join(ROOT, 'fixtures/scenarios'))
  .filter((f) => /\.(ya?ml|json)$/.test(f))
  .map((f) => join(ROOT, 'fixtures/scenarios', f));

/** Each scenario file runs in worlds of its own on a serve that has run anything before (contract §4). */
describe('shipped scenarios on one running serve', () => {
  const env = serveForSuite({ FLEET_CLOCK_START: '2026-05-04T12:00:00.000Z' });
  beforeAll(async () => {
    // A used serve: service time has moved on, as another suite's run would have moved it.
    const advanced = await fetch(`${env.base}/_testbed/clock/advance`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ duration: '3d' }) });
    expect(advanced.status).toBe(200);
  }, 60_000);

  it('when every shipped file runs four at a time, twice in a row, then every step of both runs passes and each run reaches every declared transition', async () => {
    const first = await env.cli(['scenario', 'run', '--parallel', '4', ...SHIPPED], 240_000);
    // The shipped files together walk every transition of docs/coverage.md (issue 25).
    const second = await env.cli(['scenario', 'run', '--parallel', '4', '--min-coverage', '100', ...SHIPPED], 240_000);

    for (const run of [first, second]) {
      expect(run.code, run.stderr + failedSteps(run.json) + serveWarnings(env.output())).toBe(0);
      expect(run.json.ok).toBe(true);
      expect(run.json.scenarios.map((s: { file: string }) => s.file)).toEqual(SHIPPED);
      const missing = run.json.coverage.transitions.filter((t: { count: number }) => t.count === 0);
      expect(missing, 'transitions no shipped scenario reached').toEqual([]);
      expect(run.json.coverage).toMatchObject({ covered: DECLARED.length, total: DECLARED.length });
    }
  }, 600_000);

  it('when a file cannot make its worlds while another runs beside it (--parallel), then the other ends first and keeps its steps in the report', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fleet-parallel-stop-'));
    const bad = join(dir, 'sin-plataforma.yaml');
    const slow = join(dir, 'lento.yaml');
    const junit = join(dir, 'report.xml');
    writeFileSync(bad, 'name: sin plataforma\ntenants: [{ as: f, name: Flota Sin Plataforma, keys: [{ as: k }], fixture: { vehicles: 1, registeredOn: [platform_a] } }]\nsteps: [{ sync: true }]\n');
    writeFileSync(slow, 'name: lento al lado\ntenants: [{ as: f, name: Flota Lenta, keys: [{ as: k }] }]\nsteps:\n  - fault: { effect: delay, delayMs: 1500, operation: getMe }\n  - request: { method: GET, path: /v1/me }\n');
    const platformA = (mode: string) => fetch(`${env.base}/_testbed/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ platform: 'platform_a', mode }) });
    try {
      // platform_a down: the first file's fixture is refused (503) while the second waits on its delay.
      expect((await platformA('error')).status).toBe(200);
      const run = await env.cli(['scenario', 'run', '--parallel', '2', '--junit', junit, bad, slow], 120_000);

      expect(run.code).not.toBe(0);
      const report = readFileSync(junit, 'utf8');
      expect(report).toMatch(/<testsuite name="lento al lado" [^>]*tests="2" failures="0" errors="0" skipped="0"/);
      expect(report).toMatch(/<error message="no se pudo ejecutar" type="unrun">no se pudieron crear los tenants del escenario: /);
    } finally {
      await platformA('none');
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('when --parallel is out of its range, then the run stops with one line before it says which serve it runs against', async () => {
    const run = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(process.execPath, [join(ROOT, 'cli/bin.mjs'), 'scenario', 'run', '--parallel', '0', SHIPPED[0]], { env: env.env }, (err, stdout, stderr) =>
        resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }));
    });

    expect(run).toEqual({ code: 1, stdout: '', stderr: 'error: --parallel debe ser un número entero de 1 a 32 (recibido: 0)\n' });
  }, 60_000);
});

/** The steps that failed, with what they got: what a red run needs to be understood. */
function failedSteps(json: { scenarios?: { file: string; ok: boolean; steps: { status: string }[] }[] } | null): string {
  const failed = (json?.scenarios ?? []).filter((s) => !s.ok);
  return failed.map((s) => `\n${s.file}: ${JSON.stringify(s.steps.filter((step) => step.status === 'failed'))}`).join('');
}

/** What serve logged above info level (a sync task that failed, say): the other half of a red run. */
const serveWarnings = (output: string) => `\n${output.split('\n').filter((line) => /"level":"(warn|error)"/.test(line)).slice(-20).join('\n')}`;
