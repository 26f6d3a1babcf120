import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(ROOT, 'cli/bin.mjs');

/** Polls `check` every 100 ms of real time until it holds or `ms` have passed: a wait for another process. */
async function eventually(check: () => Promise<boolean> | boolean, ms: number): Promise<boolean> {
  for (const until = Date.now() + ms; Date.now() < until; await new Promise((r) => setTimeout(r, 100))) if (await check()) return true;
  return check();
}

const answers = (url: string) => fetch(`${url}/v1/health`).then(() => true, () => false);

/**
 * examples/python/testbed.py in a project whose node_modules/.bin/fleet-sim is a wrapper that stays
 * serve's parent (as `npx` and its `sh -c` do): the helper's process is killed with SIGKILL, which
 * runs no exit handler of its.
 */
describe('the Python helper (examples/python/testbed.py) killed with SIGKILL', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('when its process is killed, then serve stops and its data dir is gone, though the wrapper between them lived on', async () => {
    const project = mkdtempSync(join(tmpdir(), 'fleet-python-project-'));
    const tmp = mkdtempSync(join(tmpdir(), 'fleet-python-tmp-'));
    dirs.push(project, tmp);
    mkdirSync(join(project, 'node_modules/.bin'), { recursive: true });
    // Not exec: the shell stays serve's parent, so serve's own parent watch (FLEET_EXIT_WITH_PARENT=1) could not see the end.
    writeFileSync(join(project, 'node_modules/.bin/fleet-sim'), `#!/bin/sh\n'${process.execPath}' '${BIN}' "$@"\nexit $?\n`);
    chmodSync(join(project, 'node_modules/.bin/fleet-sim'), 0o755);
    const script = 'import time, testbed\nt = testbed.Testbed.from_env()\nprint(t.url, t.data_dir, flush=True)\ntime.sleep(120)\n';
    const env = { ...process.env, FLEET_URL: '', FLEET_SIM: '', TMPDIR: tmp, PYTHONPATH: join(ROOT, 'examples/python'), PYTHONDONTWRITEBYTECODE: '1' };
    const python = spawn('python3', ['-c', script], { cwd: project, env, stdio: ['ignore', 'pipe', 'inherit'] });
    const [url, dataDir] = await new Promise<string[]>((resolve, reject) => {
      let out = '';
      python.stdout.on('data', (d: Buffer) => (out += d, out.includes('\n') && resolve(out.trim().split(' '))));
      python.once('exit', (code) => reject(new Error(`python exited (${code}) before serve listened: ${out}`)));
    });
    python.removeAllListeners('exit');
    expect(await answers(url)).toBe(true);
    expect(existsSync(dataDir)).toBe(true);

    // A serve left by a failure of this test is stopped all the same (it runs in a session of its own).
    const servePid = Number(readFileSync(join(dataDir, 'serve.pid'), 'utf8'));
    onTestFinished(() => {
      try {
        process.kill(servePid, 'SIGKILL');
      } catch {
        // gone, as it should be
      }
    });

    python.kill('SIGKILL');

    expect(await eventually(async () => !(await answers(url)) && !existsSync(dataDir), 15_000)).toBe(true);
  }, 60_000);
});
