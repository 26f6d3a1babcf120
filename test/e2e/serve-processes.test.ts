import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { NICE } from '../../server/lib/thread-priority.ts';
import { worldForSuite } from '../support/process.ts';

const BIN = fileURLToPath(new URL('../../cli/bin.mjs', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'fleet-serve-processes-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** `fleet-sim --help` with its temp dir in a new folder and no cache named; what that folder holds after. */
function helpWith(env: Record<string, string>): Promise<string[]> {
  const dir = mkdtempSync(join(tmp, 'run-'));
  const { NODE_COMPILE_CACHE: _named, NODE_DISABLE_COMPILE_CACHE: _off, ...inherited } = process.env;
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [BIN, '--help'], { env: { ...inherited, TMPDIR: dir, ...env } }, (err) => (err ? reject(err) : resolve(readdirSync(dir))));
  });
}

/** Each thread of a process with its nice value (the 19th field of /proc/<pid>/task/<tid>/stat). */
function threadNices(pid: number): { tid: number; nice: number }[] {
  return readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    return { tid: Number(tid), nice: Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]) };
  });
}
const niceOf = (pid: number) => threadNices(pid).find((t) => t.tid === pid)!.nice;

/** Node's compile cache (cli/bin.mjs): a start after the first does not compile the bundles again. */
describe('the compiled code\'s cache on disk', () => {
  it('when a command runs, then its compiled code is kept in the temp dir; with NODE_DISABLE_COMPILE_CACHE=1, nothing is', async () => {
    expect(await helpWith({})).toEqual(['node-compile-cache']);
    expect(await helpWith({ NODE_DISABLE_COMPILE_CACHE: '1' })).toEqual([]);
  });
});

/** What serve's processes and threads are given (Linux: /proc). */
describe.runIf(process.platform === 'linux')('when serve runs', () => {
  const { env, world } = worldForSuite('Flota Procesos', { TMPDIR: tmp });
  const control = (path: string, body?: unknown) =>
    fetch(`${env.base}/_testbed${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) });
  const simulatorsPid = () => Number(execFileSync('pgrep', ['-P', String(env.pid())]).toString().trim().split('\n')[0]);

  it('then its companion process is given the same compile cache', () => {
    const environ = readFileSync(`/proc/${simulatorsPid()}/environ`, 'utf8').split('\0');
    expect(environ).toContain(`NODE_COMPILE_CACHE=${process.env.NODE_COMPILE_CACHE ?? join(tmp, 'node-compile-cache')}`);
  });

  // Work that answers no request yields the cores to the API's thread (server/lib/thread-priority.ts).
  it('then the companion runs nicer than the API by its steps, and the API thread as it was started', () => {
    expect(niceOf(simulatorsPid())).toBe(Math.min(19, niceOf(env.pid()) + NICE.simulators));
    expect(niceOf(env.pid())).toBe(niceOf(process.pid));
  });

  it('when a world is saved, then its rows thread alone takes the lower priority: the API thread keeps its own', async () => {
    const apiNice = niceOf(env.pid());
    const rowsNice = Math.min(19, apiNice + NICE.worldRows);
    const before = threadNices(env.pid()).filter((t) => t.nice === rowsNice).length;
    expect((await control(`/tenants/${world.tenantId}/snapshots`, { name: 'inicio' })).status).toBe(201);
    expect(threadNices(env.pid()).filter((t) => t.nice === rowsNice)).toHaveLength(before + 1);
    expect(niceOf(env.pid())).toBe(apiNice);
    expect((await control(`/tenants/${world.tenantId}/snapshots/inicio/restore`)).status).toBe(200);
  });
});
