import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NICE } from '../../server/lib/thread-priority.ts';
import { worldForSuite } from '../support/process.ts';

/** Each thread of a process with its nice value (the 19th field of /proc/<pid>/task/<tid>/stat). */
function threadNices(pid: number): { tid: number; nice: number }[] {
  return readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    return { tid: Number(tid), nice: Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]) };
  });
}
const niceOf = (pid: number) => threadNices(pid).find((t) => t.tid === pid)!.nice;

/** Work that answers no request yields the cores to the API's thread (server/lib/thread-priority.ts). */
describe.runIf(process.platform === 'linux')('when serve runs, its background work runs at a lower priority than the API', () => {
  const { env, world } = worldForSuite('Flota Prioridades');
  const control = (path: string, body?: unknown) =>
    fetch(`${env.base}/_testbed${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) });

  it('then the companion runs nicer than the API by its steps, and the API thread as it was started', () => {
    const simulatorsPid = Number(execFileSync('pgrep', ['-P', String(env.pid())]).toString().trim().split('\n')[0]);
    expect(niceOf(simulatorsPid)).toBe(Math.min(19, niceOf(env.pid()) + NICE.simulators));
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
