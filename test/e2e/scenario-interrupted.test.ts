import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { alive, childrenOf, eventually } from '../support/serve-run.ts';

const BIN = fileURLToPath(new URL('../../cli/bin.mjs', import.meta.url));
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A file whose second step waits 30 s of real time (a delay fault): the run is interrupted there. */
const SLOW = `name: lento
tenants:
  - as: fleet
    name: Flota Lenta
    keys:
      - as: admin
steps:
  - fault: { effect: delay, delayMs: 30000, operation: getMe }
  - request: { method: GET, path: /v1/me }
`;

/** A file of one step that passes at once. */
const QUICK = `name: rápido
tenants: [{ as: fleet, name: Flota Rápida, keys: [{ as: admin }] }]
steps:
  - request: { method: GET, path: /v1/me }
    expect: { status: 200 }
`;

/** Whether any process runs with this text in its environment (a companion's FLEET_DATA_DIR, say). */
const anyProcessWith = (text: string): boolean =>
  readdirSync('/proc').filter((entry) => /^\d+$/.test(entry)).some((pid) => {
    try {
      return readFileSync(`/proc/${pid}/environ`, 'utf8').includes(text);
    } catch {
      return false; // gone meanwhile, or another user's
    }
  });

/**
 * `scenario run --fresh` of the slow file with TMPDIR of its own, once its environment is up (its
 * companion started), or (`starting`) as soon as its data dir is made, while the environment starts.
 */
async function freshRunUnderWay(starting = false, { quickFirst = false, junit = false, quickBesideIt = false } = {}) {
  const tmp = mkdtempSync(join(tmpdir(), 'fleet-interrupted-'));
  dirs.push(tmp);
  const file = join(tmp, 'lento.yaml');
  writeFileSync(file, SLOW);
  writeFileSync(join(tmp, 'rapido.yaml'), QUICK);
  // quickBesideIt: the slow file first, two quick ones after it, two files at a time: the quick
  // ones end (unreported yet, behind the slow one) while the slow one runs.
  const quick = join(tmp, 'rapido.yaml');
  const files = quickFirst ? [quick, file, quick] : quickBesideIt ? [file, quick, quick] : [file];
  const args = [...(junit ? ['--junit', join(tmp, 'report.xml')] : []), ...(quickBesideIt ? ['--parallel', '2'] : [])];
  const run = spawn(process.execPath, [BIN, 'scenario', 'run', '--fresh', ...args, ...files], { env: { ...process.env, TMPDIR: tmp }, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => run.once('exit', (code) => resolve(code)));
  let stdout = '';
  let stderr = '';
  run.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  run.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const environments = () => readdirSync(tmp).filter((name) => name.startsWith('fleet-scenario-'));
  // The quick file's report printed first: the slow one runs now.
  const seen = new Set<string>();
  const quickDone = () => {
    environments().forEach((name) => seen.add(name));
    return quickBesideIt ? seen.size === 3 : !quickFirst || stdout.includes('rápido');
  };
  const ready = starting ? () => environments().length === 1 : () => quickDone() && environments().length === 1 && childrenOf(run.pid!).length === 1;
  expect(await eventually(ready, 30_000)).toBe(true);
  return { run, exited, environments, tmp, companion: childrenOf(run.pid!)[0] as number | undefined, stderr: () => stderr };
}

describe('scenario run --fresh, interrupted', () => {
  it.each([['SIGINT', 130], ['SIGTERM', 143], ['SIGHUP', 129]] as const)('when the CLI alone gets %s mid-run, then it stops its environment, removes its data dir and exits %i', async (signal, code) => {
    const { run, exited, environments, companion, stderr } = await freshRunUnderWay();

    run.kill(signal);

    expect(await exited).toBe(code);
    // Read once it has come: the exit can be told before the last of stderr is read.
    const said = `escenarios interrumpidos (${signal}): sus entornos se detuvieron y sus directorios de datos se borraron.\n`;
    expect(await eventually(() => stderr().includes(said))).toBe(true);
    expect(await eventually(() => !alive(companion!))).toBe(true);
    // Looked at once the companion has gone: a companion still starting made the data dir again.
    expect(environments()).toEqual([]);
  }, 60_000);

  it('when a run with --junit is interrupted, then its report keeps the file that ran, says the one under way was interrupted (not what its steps met then) and the next one did not run', async () => {
    const { run, exited, tmp, stderr } = await freshRunUnderWay(false, { quickFirst: true, junit: true });
    const junit = join(tmp, 'report.xml');

    run.kill('SIGINT');

    expect(await exited).toBe(130);
    const report = readFileSync(junit, 'utf8');
    expect(report).toMatch(/<testsuite name="rápido" [^>]*tests="1" failures="0" errors="0"/);
    expect(report).toContain('<error message="se interrumpió" type="unrun">la ejecución se interrumpió (SIGINT) mientras corría este archivo: su entorno se detuvo y su directorio de datos se borró</error>');
    expect(report).toContain('<skipped message="no se ejecutó: la ejecución se interrumpió antes"/>');
    expect(report).not.toContain('no se pudo llamar');
    expect(stderr()).not.toContain('no se pudo llamar');
  }, 90_000);

  it('when a run with --parallel and --junit is interrupted, then the files that ended behind the one under way keep their steps, and only that one was interrupted', async () => {
    const { run, exited, tmp } = await freshRunUnderWay(false, { quickBesideIt: true, junit: true });

    run.kill('SIGINT');

    expect(await exited).toBe(130);
    const report = readFileSync(join(tmp, 'report.xml'), 'utf8');
    expect(report.match(/<testsuite name="rápido" [^>]*tests="1" failures="0" errors="0"/g)).toHaveLength(2);
    expect(report.match(/<error message="se interrumpió"/g)).toHaveLength(1);
    expect(report).toMatch(/<testsuite name="[^"]*lento\.yaml"/);
    expect(report).not.toContain('no se ejecutó');
  }, 90_000);

  it('when the environment\'s data dir is made, then the interrupt\'s handlers are there already (a signal in between ended the run by default, leaving the dir)', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'fleet-interrupted-'));
    dirs.push(tmp);
    const file = join(tmp, 'corto.yaml');
    writeFileSync(file, 'name: corto\ntenants: [{ as: f, name: F, keys: [{ as: k }] }]\nsteps:\n  - request: { method: GET, path: /v1/health }\n');
    // What the run's own mkdtempSync sees, said on stderr: builtins' named imports follow a patch once synced.
    const preload = `import fs from 'node:fs'; import { syncBuiltinESMExports } from 'node:module';
      const made = fs.mkdtempSync;
      fs.mkdtempSync = (prefix, ...rest) => {
        if (String(prefix).includes('fleet-scenario-')) process.stderr.write('manejadores de SIGINT: ' + process.listenerCount('SIGINT') + '\\n');
        return made(prefix, ...rest);
      };
      syncBuiltinESMExports();`;
    const run = spawn(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(preload)}`, BIN, 'scenario', 'run', '--fresh', file], {
      env: { ...process.env, TMPDIR: tmp }, stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    run.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => run.once('close', resolve));

    expect(stderr).toMatch(/^manejadores de SIGINT: [1-9]/m);
    expect(code).toBe(0);
  }, 60_000);

  it('when the CLI gets SIGINT while its environment is still starting, then it ends that start, stops what it started and no data dir is left', async () => {
    const { run, exited, environments, tmp: environmentsDir } = await freshRunUnderWay(true);

    run.kill('SIGINT');

    expect(await exited).toBe(130);
    // Looked at once no process of its environment is left (one still starting made the data dir again).
    expect(await eventually(() => !anyProcessWith(environmentsDir))).toBe(true);
    expect(environments()).toEqual([]);
  }, 60_000);

  it('when the CLI is killed (SIGKILL: nothing of it runs), then its simulators process still ends by itself', async () => {
    const { run, exited, companion } = await freshRunUnderWay();

    run.kill('SIGKILL');
    await exited;

    // Its stdin, our pipe, closed with us: it must not stay an orphan.
    expect(await eventually(() => !alive(companion!))).toBe(true);
  }, 60_000);
});
