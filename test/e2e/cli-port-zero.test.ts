import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../cli/bin.mjs', import.meta.url));

/** One CLI command with `env`: its exit code, stdout parsed as JSON when it is, and stderr. */
const cli = (args: string[], env: NodeJS.ProcessEnv) =>
  new Promise<{ code: number; json: any; stderr: string }>((resolve) => {
    execFile(process.execPath, [BIN, ...args], { env, timeout: 30_000 }, (err, stdout, stderr) => {
      let json: unknown = null;
      try {
        json = JSON.parse(stdout);
      } catch {
        /* not JSON */
      }
      resolve({ code: err ? Number(err.code ?? 1) : 0, json, stderr });
    });
  });

/**
 * PORT=0 lets serve take any free port (what CI does to run side by side): the CLI, given the same
 * PORT=0 and FLEET_DATA_DIR, finds the port that data dir's serve took, and a command pointed at
 * another port says which one it is.
 */
describe('a serve started with PORT=0', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-port-zero-'));
  const env = { ...process.env, PORT: '0', FLEET_DATA_DIR: dataDir, FLEET_RATE_LIMIT: '0' };
  let serve: ChildProcess;
  let port = 0;

  beforeAll(async () => {
    serve = spawn(process.execPath, [BIN, 'serve'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    port = await new Promise<number>((resolve, reject) => {
      serve.stdout!.on('data', (d: Buffer) => {
        output += d.toString();
        const listening = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
        if (listening) resolve(Number(listening[1]));
      });
      serve.once('exit', (code) => reject(new Error(`serve exited (${code}): ${output}`)));
    });
  });

  afterAll(() => {
    serve.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('when a command runs with the same PORT=0 and FLEET_DATA_DIR, then it reaches that serve', async () => {
    const res = await cli(['clock', 'now', '--json'], env);

    expect(readFileSync(join(dataDir, 'serve.port'), 'utf8').trim()).toBe(String(port));
    expect(res.code).toBe(0);
    expect(res.json).toMatchObject({ now: expect.any(String) });
  });

  it('when a command is pointed at another port, then its error names the port the data dir\'s serve took', async () => {
    const res = await cli(['clock', 'now', '--json'], { ...env, PORT: '1' });

    expect(res.code).not.toBe(0);
    expect(res.stderr).toContain(`escucha en el puerto ${port}: usa PORT=${port} (o PORT=0)`);
  });

  it('when serve stops, then its port file goes, and a command with PORT=0 says no serve of that data dir named its port', async () => {
    const exited = new Promise((resolve) => serve.once('exit', resolve));
    serve.kill('SIGTERM');
    await exited;

    const res = await cli(['clock', 'now', '--json'], env);

    expect(existsSync(join(dataDir, 'serve.port'))).toBe(false);
    expect(res.code).not.toBe(0);
    expect(res.stderr).toContain(`PORT=0: ningún "fleet-sim serve" de ${dataDir} dijo en qué puerto escucha`);
  });

  it('when a killed serve left its port and PID files, then a command with PORT=0 does not trust that port', async () => {
    const gone = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => gone.once('exit', resolve));
    writeFileSync(join(dataDir, 'serve.port'), `${port}\n`);
    writeFileSync(join(dataDir, 'serve.pid'), `${gone.pid}\n`);

    const res = await cli(['clock', 'now', '--json'], env);

    expect(res.code).not.toBe(0);
    expect(res.stderr).toContain('PORT=0: ningún "fleet-sim serve"');
  });
});
