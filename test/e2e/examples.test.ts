import { execFile, execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestbed, type StartedTestbed } from '../../testing/index.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const VITEST = fileURLToPath(new URL('../../node_modules/vitest/vitest.mjs', import.meta.url));

/** This process's environment without vitest's own markers, so a nested run is a run of its own. */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST') && !['TEST', 'FORCE_COLOR'].includes(name)));
  return { ...env, ...extra };
}

const run = (command: string, args: string[], env: NodeJS.ProcessEnv, cwd = '.') =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(command, args, { cwd: cwd.startsWith('/') ? cwd : join(ROOT, cwd), env, timeout: 120_000, maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) =>
      resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
    );
  });

/** A temp ES module project with fleet-testbed (this checkout) and vitest in its node_modules, as a user's. */
function vitestProject(prefix: string): string {
  const project = mkdtempSync(join(tmpdir(), prefix));
  mkdirSync(join(project, 'node_modules'), { recursive: true });
  writeFileSync(join(project, 'package.json'), '{"type": "module"}\n');
  symlinkSync(ROOT, join(project, 'node_modules/fleet-testbed'));
  symlinkSync(join(ROOT, 'node_modules/vitest'), join(project, 'node_modules/vitest'));
  return project;
}

/** Runs bash with examples/shell/lib.sh sourced, then `script`. */
const withLib = (script: string, env: NodeJS.ProcessEnv) => run('bash', ['-c', `set -euo pipefail; . examples/shell/lib.sh; ${script}`], env);

describe('the node:test example (examples/node-test), with its own testbed for the run', () => {
  const runTests = (files: string[] = []) => run(process.execPath, ['examples/node-test/run-tests.mjs', ...files], cleanEnv({ NO_COLOR: '1' }));

  it.concurrent('when it runs its ES and CommonJS files side by side on one testbed, then every test passes and the run exits 0', async () => {
    const result = await runTests();

    expect(result.stdout).toMatch(/^[#ℹ] tests 5$/m);
    expect(result.stdout).toMatch(/^[#ℹ] fail 0$/m);
    expect(result.code).toBe(0);
  }, 120_000);

  it.concurrent('when its patterns match no file (a copy of it in another folder), then it says so and exits 1, starting no testbed', async () => {
    const result = await runTests(['/nonexistent-fleet-dir/*.test.mjs']);

    expect(result.code).toBe(1);
    expect(result.stderr).toContain('run-tests: ninguna prueba coincide con /nonexistent-fleet-dir/*.test.mjs');
  }, 120_000);

  it.concurrent('when a test file of the run fails, then the run exits with node --test\'s failure, after stopping the testbed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fleet-node-test-'));
    try {
      writeFileSync(join(dir, 'falla.test.mjs'), "import { test } from 'node:test';\ntest('falla', () => { throw new Error('a propósito'); });\n");

      const result = await runTests([join(dir, 'falla.test.mjs')]);

      expect(result.stdout).toMatch(/^[#ℹ] fail 1$/m);
      expect(result.code).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

/**
 * The examples of examples/ as CI runs them: one testbed for both (the vitest example's global setup
 * connects to FLEET_URL instead of starting its own), each making its own worlds.
 */
describe('the examples, on one testbed', () => {
  let testbed: StartedTestbed;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    testbed = await startTestbed();
    env = cleanEnv({ FLEET_URL: testbed.url, NO_COLOR: '1' });
  }, 60_000);

  afterAll(async () => {
    await testbed?.stop();
  });

  it.concurrent('when the vitest example runs, then every one of its tests passes', async () => {
    const result = await run(process.execPath, [VITEST, 'run', '--config', 'examples/vitest/vitest.config.ts'], env);

    expect(result.stderr + result.stdout).toMatch(/Tests\s+11 passed \(11\)/);
    expect(result.code).toBe(0);
  }, 120_000);

  it.concurrent('when the vitest example is copied into another project as the docs say, then its tests pass there (its types: test/unit/package-declarations.test.ts)', async () => {
    // A project with fleet-testbed and vitest in its node_modules, and the example copied whole.
    const project = vitestProject('fleet-example-copy-');
    try {
      cpSync(join(ROOT, 'examples/vitest'), join(project, 'tests'), { recursive: true, filter: (src) => !src.includes('node_modules') });

      const tests = await run(process.execPath, [join(project, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'tests/vitest.config.ts'], env, project);

      expect(tests.stderr + tests.stdout).toMatch(/Tests\s+11 passed \(11\)/);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  }, 120_000);

  it.concurrent('when the three files of docs/testing.md\'s "vitest in three files" are written into a project, then its test passes on a testbed of its own', async () => {
    const docs = readFileSync(join(ROOT, 'docs/testing.md'), 'utf8');
    const section = docs.slice(docs.indexOf('### vitest in three files'), docs.indexOf('## `startTestbed(options?)`'));
    const files = [...section.matchAll(/```ts\n\/\/ ([\w.-]+\.ts)[^\n]*\n([\s\S]*?)```/g)].map(([, name, code]) => [name, code]);
    const project = vitestProject('fleet-quick-start-');
    try {
      for (const [name, code] of files) writeFileSync(join(project, name), code);

      const tests = await run(process.execPath, [join(project, 'node_modules/vitest/vitest.mjs'), 'run'], cleanEnv({ NO_COLOR: '1' }), project);

      expect(files.map(([name]) => name)).toEqual(['vitest.config.ts', 'global-setup.ts', 'vehicles.test.ts']);
      expect(tests.stderr + tests.stdout).toMatch(/Tests\s+1 passed \(1\)/);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  }, 120_000);

  it.concurrent('when the shell example runs, then every check passes and its world is deleted at the end', async () => {
    const result = await run('bash', ['examples/shell/onboarding.sh'], env);
    const tenantId = /^mundo (\S+)$/m.exec(result.stdout)?.[1];
    const tenants = (await (await fetch(`${testbed.url}/_testbed/tenants`)).json()) as { data: { id: string }[] };

    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/ok: asignación = synced\n/);
    expect(result.stdout).toMatch(/onboarding completo\n$/);
    expect(result.code).toBe(0);
    expect(tenantId).toMatch(/^[0-9a-f-]{36}$/);
    expect(tenants.data.map((t) => t.id)).not.toContain(tenantId);
  }, 120_000);

  it.concurrent('when the shell suite example runs (fixture, world snapshot, a restore before each test), then every check passes and its world is deleted at the end', async () => {
    const result = await run('bash', ['examples/shell/suite.sh'], env);
    const tenantId = /^mundo (\S+)$/m.exec(result.stdout)?.[1];
    const tenants = (await (await fetch(`${testbed.url}/_testbed/tenants`)).json()) as { data: { id: string }[] };

    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/ok: lo que el código envió, del más nuevo al más viejo = 201 429 429 null\n/);
    expect(result.stdout).toMatch(/ok: registro en platform_b = PLATFORM_UNAVAILABLE\n/);
    expect(result.stdout).toMatch(/ok: vehículos del fixture \(el de la prueba anterior ya no está\) = activo null\n/);
    expect(result.stdout).toMatch(/suite completa\n$/);
    expect(result.code).toBe(0);
    expect(tenants.data.map((t) => t.id)).not.toContain(tenantId);
  }, 120_000);

  const python = (extra: Record<string, string>, dir = 'examples/python') => run('python3', ['-m', 'unittest', '-v', 'test_fleet'], { ...env, PYTHONDONTWRITEBYTECODE: '1', ...extra }, dir);

  it.concurrent('when the Python example runs on the suite\'s testbed (FLEET_URL), then every one of its tests passes', async () => {
    const result = await python({});

    expect(result.stderr).toMatch(/Ran 16 tests in [\d.]+s\n\nOK\n$/);
    expect(result.code).toBe(0);
  }, 120_000);

  it.concurrent('when the three files docs/testing.md names are copied elsewhere and start a serve of their own with a control token, then every test passes and its data dir is gone', async () => {
    // As from a project where `npx fleet-sim` is installed; the serve and the helper both read the token.
    const fleetSim = `'${process.execPath}' '${join(ROOT, 'cli/bin.mjs')}'`;
    const tmp = mkdtempSync(join(tmpdir(), 'fleet-python-'));
    const copied = mkdtempSync(join(tmpdir(), 'fleet-python-files-'));
    for (const file of ['testbed.py', 'test_fleet.py', 'fleet_client.py']) copyFileSync(join(ROOT, 'examples/python', file), join(copied, file));
    try {
      const result = await python({ FLEET_URL: '', FLEET_SIM: fleetSim, FLEET_CONTROL_TOKEN: 'un-token-de-prueba-de-python', TMPDIR: tmp }, copied);

      expect(result.stderr).toMatch(/Ran 16 tests in [\d.]+s\n\nOK\n$/);
      expect(result.code).toBe(0);
      expect(readdirSync(tmp)).toEqual([]);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
      rmSync(copied, { recursive: true, force: true });
    }
  }, 120_000);

  it('when the Python helper is given a FLEET_URL ending in /v1, then it refuses it naming the root, before any call', async () => {
    const script = 'import testbed\ntry:\n    testbed.Testbed.from_env()\nexcept ValueError as err:\n    print(err)';
    const result = await run('python3', ['-c', script], { ...env, PYTHONDONTWRITEBYTECODE: '1', FLEET_URL: `${testbed.url}/v1/` }, 'examples/python');

    expect(result.stdout.trim()).toBe(`FLEET_URL es la raíz del serve, sin /v1: p. ej. ${testbed.url}`);
  });

  it('when the shell helpers call the API and get another status, then the script stops with the API\'s message', async () => {
    const result = await withLib('KEY=fk_test_wrong; me=$(api 200 GET /v1/me); echo reached', env);

    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(new RegExp(`^FALLO: GET ${testbed.url}/v1/me respondió 401 \\(se esperaba 200\\): .*"code":"UNAUTHORIZED"`));
    expect(result.stdout).not.toContain('reached');
  });

  it('when jq is not used, then json_get prints values, nulls and objects as jq -r does', async () => {
    const json = '{"data":[{"id":"a1","n":3,"nested":{"x":null}}]}';
    const paths = ['.data[0].id', '.data[0].n', '.data[0].nested.x', '.data[0].missing', '.data[0].nested'];
    const script = paths.map((path) => `json_get '${path}' <<<'${json}'`).join('; ');

    const withNode = await withLib(script, { ...env, FLEET_JSON_TOOL: 'node' });
    const withPython = await withLib(script, { ...env, FLEET_JSON_TOOL: 'python3' });

    expect(withNode.stdout).toBe('a1\n3\nnull\nnull\n{\n  "x": null\n}\n');
    expect(withPython.stdout).toBe(withNode.stdout);
  }, 60_000); // ten interpreters started one after another: 20 s on a machine busy with other suites

  it('when the machine has neither jq, python3 nor node, then the shell example stops before its first call, saying what it needs', async () => {
    // A PATH of the tools the script runs before its first call, and nothing to read JSON with.
    const bin = mkdtempSync(join(tmpdir(), 'fleet-shell-bin-'));
    try {
      for (const tool of ['bash', 'dirname', 'curl']) symlinkSync(execFileSync('bash', ['-c', `command -v ${tool}`]).toString().trim(), join(bin, tool));

      const result = await run(join(bin, 'bash'), ['examples/shell/onboarding.sh'], { ...env, PATH: bin });

      expect(result.code).toBe(1);
      expect(result.stderr).toBe('FALLO: para leer JSON hace falta jq, python3 o node, y esta máquina no tiene ninguno (instala jq: apt-get install -y jq)\n');
      expect(result.stdout).toBe('');
    } finally {
      rmSync(bin, { recursive: true, force: true });
    }
  });

  it('when FLEET_JSON_TOOL names a tool json_get does not speak, then sourcing the helpers stops the script saying which it takes', async () => {
    const result = await withLib('echo reached', { ...env, FLEET_JSON_TOOL: 'cat' });

    expect(result.code).toBe(1);
    expect(result.stderr).toBe('FALLO: FLEET_JSON_TOOL debe ser jq, python3 o node (recibido: cat)\n');
    expect(result.stdout).toBe('');
  });

  it('when a check of the shell helpers fails, then it names what differed and stops', async () => {
    const result = await withLib("expect_eq estado pending approved; echo reached", env);

    expect(result.code).toBe(1);
    expect(result.stderr).toBe("FALLO: estado es 'pending', se esperaba 'approved'\n");
    expect(result.stdout).toBe('');
  });
});
