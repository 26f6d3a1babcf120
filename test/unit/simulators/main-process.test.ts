import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BUSY_LINE, IDLE_LINE } from '../../../simulators/common/long-work.ts';
import { DEFAULT_SLOW_MS } from '../../../simulators/common/faults.ts';

const started: ChildProcess[] = [];

/**
 * Starts the real process on a free port and resolves with its base URL once it prints the line;
 * `output()` is all it has printed on stdout. `supervised`: as serve starts it (cli/lib/companion.ts).
 */
function startSimulators(dataDir: string, supervised = false): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'simulators/main.ts'], {
    env: { ...process.env, FLEET_SIM_PORT: '0', FLEET_DATA_DIR: dataDir, FLEET_SEED: '42', ...(supervised ? { FLEET_SIM_EXIT_WITH_PARENT: '1' } : {}) },
    stdio: [supervised ? 'pipe' : 'ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = out.match(/simulators listening on (http:\/\/127\.0\.0\.1:\d+)/);
      if (match) resolve({ child, url: match[1], output: () => out });
    });
    child.on('exit', (code) => reject(new Error(`exited with ${code} before listening`)));
  });
}

function stop(child: ChildProcess): Promise<{ code: number | null; ms: number }> {
  const begin = performance.now();
  return new Promise((resolve) => {
    child.on('exit', (code) => resolve({ code, ms: performance.now() - begin }));
    child.kill('SIGTERM');
  });
}

afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

describe('simulators process', () => {
  it('when started, then it answers health on loopback and SIGTERM stops it at once, not after the request a slow fault holds (30 s)', async () => {
    const { child, url } = await startSimulators(mkdtempSync(join(tmpdir(), 'sims-')));
    expect((await (await fetch(`${url}/_control/health`)).json()).status).toBe('ok');
    await fetch(`${url}/_control/faults`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ platform: 'platform_a', mode: 'slow' }),
    });
    const hanging = fetch(`${url}/platform-a/v1/vehicles/x`).catch(() => 'dropped');
    await new Promise((r) => setTimeout(r, 50));
    const { code, ms } = await stop(child);
    expect(code).toBe(0);
    // At once: ~0.1 s, 1.5 s on a machine busy with other suites; held, it would take the fault's 30 s.
    expect(ms).toBeLessThan(DEFAULT_SLOW_MS / 6);
    expect(await hanging).toBe('dropped');
  });

  it.each([true, false])('when supervised is %s and a whole copy of the state is asked, then the busy and idle marks are printed only when supervised, around it', async (supervised) => {
    const dir = mkdtempSync(join(tmpdir(), 'sims-'));
    const { url, output } = await startSimulators(dir, supervised);
    const post = (path: string, body: unknown) =>
      fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

    expect((await fetch(`${url}/_control/health`)).status).toBe(200);
    expect((await post('/_control/state/save', { file: join(dir, 'copy.db') })).status).toBe(200);
    // The idle mark follows the answer: waited for (a second health answer comes after it).
    const lines = () => output().split('\n').slice(1).filter(Boolean);
    if (supervised) while (!lines().includes(IDLE_LINE)) await new Promise((r) => setTimeout(r, 10));
    expect((await fetch(`${url}/_control/health`)).status).toBe(200);

    expect(lines()).toEqual(supervised ? [BUSY_LINE, IDLE_LINE] : []);
  });

  it('when restarted on the same data dir, then the pushed clock and the data are still there', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sims-'));
    const first = await startSimulators(dir);
    const state = { frozenAtMs: Date.parse('2026-03-02T15:00:00Z'), offsetMs: 3_600_000 };
    const post = (path: string, body: unknown) =>
      fetch(`${first.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    await post('/_control/clock', state);
    const created = await (await post('/platform-b/api/v2/vehicles', {
      externalId: 'veh-1', fleetId: 'f', licensePlate: 'ABC1234', vin: '3N1CN7AD5KL000001', make: 'Nissan', model: 'Versa', year: 2021, color: 'Blanco',
    })).json();
    await stop(first.child);
    const second = await startSimulators(dir);
    expect(await (await fetch(`${second.url}/_control/clock`)).json()).toMatchObject(state);
    expect(await (await fetch(`${second.url}/platform-b/api/v2/vehicles/veh-1`)).json()).toEqual(created);
    await stop(second.child);
  });
});
