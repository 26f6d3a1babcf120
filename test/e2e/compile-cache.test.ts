import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { serveForSuite } from '../support/process.ts';

const BIN = fileURLToPath(new URL('../../cli/bin.mjs', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'fleet-compile-cache-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** `fleet-sim --help` with its temp dir in a new folder and no cache named; what that folder holds after. */
function helpWith(env: Record<string, string>): Promise<string[]> {
  const dir = mkdtempSync(join(tmp, 'run-'));
  const { NODE_COMPILE_CACHE: _named, NODE_DISABLE_COMPILE_CACHE: _off, ...inherited } = process.env;
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [BIN, '--help'], { env: { ...inherited, TMPDIR: dir, ...env } }, (err) => (err ? reject(err) : resolve(readdirSync(dir))));
  });
}

/** Node's compile cache (cli/bin.mjs): a start after the first does not compile the bundles again. */
describe('the compiled code\'s cache on disk', () => {
  it('when a command runs, then its compiled code is kept in the temp dir; with NODE_DISABLE_COMPILE_CACHE=1, nothing is', async () => {
    expect(await helpWith({})).toEqual(['node-compile-cache']);
    expect(await helpWith({ NODE_DISABLE_COMPILE_CACHE: '1' })).toEqual([]);
  });
});

/** What serve's companion process is given (Linux: /proc). */
describe.runIf(process.platform === 'linux')('when serve runs', () => {
  const env = serveForSuite({ TMPDIR: tmp });
  const simulatorsPid = () => Number(execFileSync('pgrep', ['-P', String(env.pid())]).toString().trim().split('\n')[0]);

  it('then its companion process is given the same compile cache', () => {
    const environ = readFileSync(`/proc/${simulatorsPid()}/environ`, 'utf8').split('\0');
    expect(environ).toContain(`NODE_COMPILE_CACHE=${process.env.NODE_COMPILE_CACHE ?? join(tmp, 'node-compile-cache')}`);
  });
});
