import { execFile } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeFileSync, writeSync, chmodSync, symlinkSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { openDatabase } from '../../server/db/open.ts';
import { openSimulatorsDb } from '../../simulators/db.ts';
import { serveAsNobody } from '../support/as-nobody.ts';
import { freePort, startServeProcess } from '../support/process.ts';
import { answers, eventually, runServe } from '../support/serve-run.ts';

const BIN = fileURLToPath(new URL('../../cli/bin.mjs', import.meta.url));

const temps: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-start-'));
  temps.push(dir);
  return dir;
};
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A serve expected to refuse: its exit code and its stderr, which must be one line. */
async function refused(env: NodeJS.ProcessEnv, options = {}, command?: string[]) {
  const run = runServe({ ...process.env, FLEET_RATE_LIMIT: '0', ...env }, options, command);
  const code = await run.exited;
  return { code, stderr: run.stderr(), output: run.output() };
}

const oneLine = (text: string) => text.trimEnd().split('\n');

describe('when a second serve starts on a data dir already served', () => {
  let first: Awaited<ReturnType<typeof startServeProcess>>;

  beforeAll(async () => {
    first = await startServeProcess();
  }, 60_000);
  afterAll(() => first?.cleanup());

  it('then it exits non-zero at once with one Spanish line naming the PID of the serve holding it', async () => {
    const second = await refused({ PORT: String(await freePort()), FLEET_DATA_DIR: first.dataDir });

    expect(second.code).not.toBe(0);
    expect(oneLine(second.stderr)).toEqual([
      `error: el directorio de datos ${first.dataDir} ya lo está sirviendo otro "fleet-sim serve" (PID ${first.pid()}); detenlo o usa otro FLEET_DATA_DIR`,
    ]);
    expect((await fetch(`${first.base}/v1/health`)).status).toBe(200);
  }, 30_000);

  it('then tenants and keys can still be created on that data dir from the CLI', async () => {
    const tenant = await first.cli(['tenants', 'create', '--name', 'Flota Paralela']);
    const key = await first.cli(['keys', 'create', '--tenant', tenant.json.id]);

    expect([tenant.code, key.code]).toEqual([0, 0]);
    const me = await fetch(`${first.base}/v1/me`, { headers: { authorization: `Bearer ${key.json.key}` } });
    expect(me.status).toBe(200);
  }, 30_000);

  it('then after the first is killed (SIGKILL, its lock left behind), a new serve takes the data dir over', async () => {
    const killedPid = first.pid();
    await first.stop('SIGKILL');
    expect(readFileSync(join(first.dataDir, 'serve.pid'), 'utf8').trim()).toBe(String(killedPid));

    await first.restart();

    expect(readFileSync(join(first.dataDir, 'serve.pid'), 'utf8').trim()).toBe(String(first.pid()));
    // The demo key was shown at the first start only: a restart says how to get one.
    const demo = (await first.cli(['tenants', 'list'])).json.data.at(-1);
    expect(first.output()).toContain(`fleet-sim keys create --tenant ${demo.id} (los tenants y sus ids: fleet-sim tenants list)`);
    expect(first.output()).not.toContain('Clave de API de prueba');
  }, 60_000);

  // SIGHUP: the terminal running serve was closed.
  it.each(['SIGTERM', 'SIGHUP'] as const)('then a serve stopped by %s releases the data dir (its PID file gone, the next one starts) and writes its last request lines', async (signal) => {
    await fetch(`${first.base}/antes-de-parar-${signal}`);
    const ended = await first.stopWith(signal);

    expect({ code: ended.code, signal: ended.signal }, first.output()).toEqual({ code: 0, signal: null });
    expect(() => readFileSync(join(first.dataDir, 'serve.pid'))).toThrow();
    expect(first.output()).toContain(`"path":"/antes-de-parar-${signal}","status":404`);
    await first.restart();
  }, 60_000);
});

describe('when serve runs with a FLEET_SEED the CLI is not given', () => {
  let served: Awaited<ReturnType<typeof startServeProcess>>;
  beforeAll(async () => {
    served = await startServeProcess({ FLEET_SEED: '7' });
  }, 60_000);
  afterAll(() => served?.cleanup());

  /** `tenants create` with PORT and FLEET_DATA_DIR as serve's (contract §2), and FLEET_SEED as given. */
  const create = (name: string, seed?: string) =>
    new Promise<{ code: number; stdout: string }>((resolve) => {
      const { FLEET_SEED: _serves, ...env } = served.env;
      execFile(process.execPath, [BIN, 'tenants', 'create', '--name', name, '--json'], { env: { ...env, ...(seed && { FLEET_SEED: seed }) } },
        (err, stdout) => resolve({ code: err ? Number(err.code ?? 1) : 0, stdout }));
    });

  it('then the CLI draws from serve\'s seed, and one given another FLEET_SEED is refused naming both', async () => {
    const drawn = await create('Flota Semilla');
    const other = await create('Flota Otra', '42');

    expect(drawn.code).toBe(0);
    expect(other.code).toBe(1);
    expect(JSON.parse(other.stdout).error).toEqual({ code: 'CONFLICT', message: expect.stringContaining('se arrancó con FLEET_SEED=7, no 42') });
  }, 30_000);
});

describe('the rate limit at start', () => {
  it('when serve starts with a limit, then it says so before it listens (FLEET_RATE_LIMIT=0 removes it), and says nothing with none', async () => {
    const limited = await startServeProcess({ FLEET_RATE_LIMIT: '7' });
    const unlimited = await startServeProcess({ FLEET_RATE_LIMIT: '0' });
    onTestFinished(() => Promise.all([limited.cleanup(), unlimited.cleanup()]).then(() => undefined));

    expect(limited.output()).toMatch(/^Límite: 7 solicitudes por segundo por clave; FLEET_RATE_LIMIT=0 lo quita \(pruebas en paralelo\)\nFleet testbed listening on /m);
    expect(unlimited.output()).not.toContain('Límite');
  }, 60_000);
});

describe('FLEET_THROWAWAY_DATA_DIR', () => {
  it.each([
    ['the data dir with a trailing slash', (dir: string) => `${dir}/`, false],
    ['the data dir relative to serve\'s folder', (dir: string) => relative(process.cwd(), dir), false],
    ['another folder', (dir: string) => `${dir}-otro`, true],
  ])('when it names %s, then serve removes its data dir as it stops only if that is the folder named', async (_case, written, stays) => {
    const dataDir = tempDir();
    const run = runServe({ ...process.env, FLEET_RATE_LIMIT: '0', PORT: '0', FLEET_DATA_DIR: dataDir, FLEET_THROWAWAY_DATA_DIR: written(dataDir) });
    await run.waitFor(/listening on/);

    run.kill('SIGTERM');

    expect(await run.exited, run.output()).toBe(0);
    expect(existsSync(dataDir)).toBe(stays);
  }, 60_000);
});

describe('when serve is asked to stop while it is still starting', () => {
  it('then it stops cleanly once started: exit 0, its PID file gone, its simulators stopped', async () => {
    const dataDir = tempDir();
    const simPort = await freePort();
    const run = runServe({ ...process.env, FLEET_RATE_LIMIT: '0', PORT: String(await freePort()), FLEET_SIM_PORT: String(simPort), FLEET_DATA_DIR: dataDir });
    // The PID file is written when the data dir is locked, before the processes start.
    expect(await eventually(() => existsSync(join(dataDir, 'serve.pid')))).toBe(true);

    run.kill('SIGTERM');

    expect(await run.exited, run.output()).toBe(0);
    expect(existsSync(join(dataDir, 'serve.pid'))).toBe(false);
    expect(await answers(simPort)).toBe(false);
  }, 60_000);
});

describe('when the port is taken', () => {
  let blocker: Server;
  afterEach(() => blocker?.close());

  it('then serve exits 1 with one line, and the simulators it started are stopped', async () => {
    const port = await freePort();
    blocker = await new Promise<Server>((resolve) => {
      const server = createServer().listen(port, '127.0.0.1', () => resolve(server));
    });
    // Only once the API's port is held: two free-port draws in a row may give the same port.
    const simPort = await freePort();

    const run = await refused({ PORT: String(port), FLEET_SIM_PORT: String(simPort), FLEET_DATA_DIR: tempDir() });

    expect(run.code).toBe(1);
    expect(oneLine(run.stderr)).toEqual([`error: no se pudo iniciar el testbed: el puerto 127.0.0.1:${port} ya está en uso; elige otro con PORT`]);
    expect(run.output).not.toContain('Clave de API');
    expect(await answers(simPort)).toBe(false);
  }, 30_000);

  it('then a data dir that start made is removed, and one that was there before stays with its worlds', async () => {
    const port = await freePort();
    blocker = await new Promise<Server>((resolve) => {
      const server = createServer().listen(port, '127.0.0.1', () => resolve(server));
    });
    const made = join(tempDir(), 'new-data');
    const existing = tempDir();
    writeFileSync(join(existing, 'notes.txt'), 'mine');

    const first = await refused({ PORT: String(port), FLEET_DATA_DIR: made });
    const second = await refused({ PORT: String(port), FLEET_DATA_DIR: existing });

    expect([first.code, second.code]).toEqual([1, 1]);
    expect(existsSync(made)).toBe(false);
    expect(readFileSync(join(existing, 'notes.txt'), 'utf8')).toBe('mine');
    expect(existsSync(join(existing, 'api.db'))).toBe(true);
  }, 30_000);
});

describe('when the data dir cannot be used', () => {
  it('when FLEET_DATA_DIR is a file, then exit 1 with one line and the file untouched', async () => {
    const file = join(tempDir(), 'data');
    writeFileSync(file, 'not a directory');

    const run = await refused({ PORT: String(await freePort()), FLEET_DATA_DIR: file });

    expect(run.code).toBe(1);
    expect(oneLine(run.stderr)).toEqual([`error: no se puede usar FLEET_DATA_DIR=${file}: existe y es un archivo, no un directorio`]);
    expect(readFileSync(file, 'utf8')).toBe('not a directory');
  }, 30_000);

  it('when a part of the FLEET_DATA_DIR path is a file, then exit 1 with one line', async () => {
    const file = join(tempDir(), 'data');
    writeFileSync(file, 'x');

    const run = await refused({ PORT: String(await freePort()), FLEET_DATA_DIR: join(file, 'inner') });

    expect(run.code).toBe(1);
    expect(oneLine(run.stderr)).toEqual([`error: no se puede usar FLEET_DATA_DIR=${join(file, 'inner')}: una parte de la ruta es un archivo, no un directorio`]);
  }, 30_000);

  it('when FLEET_DATA_DIR is under /proc, where no directory can be made, then exit 1 with one line at once (Node\'s recursive mkdir looped there for ever)', async () => {
    const run = await refused({ PORT: String(await freePort()), FLEET_DATA_DIR: '/proc/fleet-testbed-nope/datos' });

    expect(run.code).toBe(1);
    expect(oneLine(run.stderr)).toEqual([
      'error: no se puede usar FLEET_DATA_DIR=/proc/fleet-testbed-nope/datos: no se puede crear ahí: ese sistema de archivos no admite carpetas nuevas (¿/proc o /sys?)',
    ]);
  });

  it.each([
    ['is a symbolic link to nothing (a volume not mounted)', '', 'es un enlace simbólico a una ruta que no existe'],
    ['is under such a link', 'datos', 'una parte de la ruta, LINK, es un enlace simbólico a una ruta que no existe'],
  ])('when FLEET_DATA_DIR %s, then exit 1 with one line saying so', async (_case, below, reason) => {
    const link = join(tempDir(), 'enlace');
    symlinkSync(join(tempDir(), 'no-existe'), link);
    const dataDir = below ? join(link, below) : link;

    const run = await refused({ PORT: String(await freePort()), FLEET_DATA_DIR: dataDir });

    expect(run.code).toBe(1);
    expect(oneLine(run.stderr)).toEqual([`error: no se puede usar FLEET_DATA_DIR=${dataDir}: ${reason.replace('LINK', link)}`]);
  });

  it('when the data dir cannot be read or written by the user running serve, then exit 1 with one line', async () => {
    const dir = join(tempDir(), 'locked');
    mkdirSync(dir);
    chmodSync(dir, 0o000);
    // root ignores permissions: serve then runs as nobody, from a copy nobody can read.
    const asNobody = serveAsNobody(['serve']);
    onTestFinished(() => asNobody?.cleanup());

    const run = await refused({ PORT: String(await freePort()), FLEET_DATA_DIR: dir }, asNobody?.spawn, asNobody?.command);

    expect(run.code).toBe(1);
    expect(oneLine(run.stderr)).toEqual([`error: no se puede usar FLEET_DATA_DIR=${dir}: no hay permiso para leerlo y escribir en él (serve se ejecuta como uid ${asNobody?.spawn.uid ?? process.getuid!()}, gid ${asNobody?.spawn.gid ?? process.getgid!()}: dale permiso a uno de los dos)`]);
  }, 30_000);
});

describe('when the databases of the data dir were made by another user', () => {
  it('when the data dir may be written but its api.db may not (another uid made it), then exit 1 with one line naming the file', async () => {
    const parent = tempDir();
    chmodSync(parent, 0o755);
    const dir = join(parent, 'compartido');
    mkdirSync(dir);
    chmodSync(dir, 0o777);
    openDatabase(join(dir, 'api.db')).close();
    chmodSync(join(dir, 'api.db'), 0o444);
    // root ignores permissions: serve then runs as nobody.
    const asNobody = serveAsNobody(['serve']);
    onTestFinished(() => asNobody?.cleanup());

    const run = await refused({ PORT: String(await freePort()), FLEET_DATA_DIR: dir }, asNobody?.spawn, asNobody?.command);

    expect(run.code).toBe(1);
    expect(oneLine(run.stderr)).toEqual([
      expect.stringMatching(new RegExp(`^error: no se puede usar FLEET_DATA_DIR=${dir}: api\\.db no se puede escribir con este usuario \\(uid \\d+\\): lo creó otro; dale permiso de escritura \\(chmod g\\+w o chown\\) o arranca con el mismo usuario$`)),
    ]);
  }, 30_000);

  it('when the data dir may be written by its group (the container\'s /data), then the databases serve makes may be too, so another uid of the group can go on with them', async () => {
    const shared = join(tempDir(), 'de-grupo');
    mkdirSync(shared);
    chmodSync(shared, 0o775);
    const own = join(tempDir(), 'propio');
    mkdirSync(own);
    chmodSync(own, 0o755);

    for (const dir of [shared, own]) {
      const serve = runServe({ ...process.env, PORT: String(await freePort()), FLEET_DATA_DIR: dir });
      await serve.waitFor(/listening on/);
      serve.kill('SIGTERM');
      await serve.exited;
    }

    const groupWrites = (file: string) => (statSync(file).mode & 0o020) !== 0;
    expect(['api.db', 'platforms.db', 'serve.lock'].map((name) => groupWrites(join(shared, name)))).toEqual([true, true, true]);
    // A data dir of one's own keeps the user's umask (022 here: no group write).
    if ((process.umask() & 0o020) !== 0) expect(groupWrites(join(own, 'api.db'))).toBe(false);
  }, 60_000);
});

describe('when a database of the data dir is damaged', () => {
  /** A data dir as serve leaves it: both databases migrated and closed cleanly. */
  function dataDir() {
    const dir = tempDir();
    openDatabase(join(dir, 'api.db')).close();
    openSimulatorsDb(join(dir, 'platforms.db')).close();
    return dir;
  }

  /** serve on that data dir: one line naming the file, exit 1, and not a byte of the file changed. */
  async function expectRefusedNaming(dir: string, file: string) {
    const before = readFileSync(file);

    const run = await refused({ PORT: String(await freePort()), FLEET_DATA_DIR: dir });

    expect(run.code).toBe(1);
    expect(oneLine(run.stderr)).toHaveLength(1);
    expect(run.stderr).toMatch(new RegExp(`^error: la base de datos ${file} está dañada \\(`));
    expect(readFileSync(file).equals(before)).toBe(true);
  }

  it('when api.db is cut in half, then exit 1 with one line naming it, and not a byte of it changed', async () => {
    const dir = dataDir();
    const file = join(dir, 'api.db');
    const whole = readFileSync(file);
    writeFileSync(file, whole.subarray(0, Math.floor(whole.length / 2 / 4096) * 4096));

    await expectRefusedNaming(dir, file);
  }, 30_000);

  it('when pages of platforms.db are overwritten with garbage, then exit 1 with one line naming it, and not a byte of it changed', async () => {
    const dir = dataDir();
    const file = join(dir, 'platforms.db');
    const fd = openSync(file, 'r+');
    writeSync(fd, Buffer.alloc(3 * 4096, 0xa5), 0, 3 * 4096, 4096);
    closeSync(fd);

    await expectRefusedNaming(dir, file);
  }, 30_000);
});
