/**
 * The CLI's answer time (issue 29): each command as its own process through `node cli/bin.mjs` (so
 * whatever bin.mjs runs: sources or the compiled dist/), beside `node -e 0` timed in the same
 * rounds. Every round runs each command once, the order turning each round, so a neighbour's burst
 * hurts them alike. `tenants create` runs with no serve, on a fresh copy of a serve's data dir.
 */
import { spawn } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { call, createTenant } from './dataset.ts';
import { stat } from './load.ts';
import { renderTable, type Row } from './report.ts';
import { BIN, startServe, tempDir, type Serve } from './serve.ts';

interface Probe {
  name: string;
  args: (round: number) => string[];
  env?: (round: number) => NodeJS.ProcessEnv;
  goal?: Row['goal'];
}

/** Wall time of one process from spawn to exit, and whether it exited 0. */
function timeProcess(args: string[], env: NodeJS.ProcessEnv): Promise<{ ms: number; ok: boolean }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env, stdio: 'ignore' });
    child.once('error', reject);
    child.once('exit', (code) => resolve({ ms: performance.now() - started, ok: code === 0 }));
  });
}

/** A driver invited on platform_a for each round: `platform-a accept` answers one invitation each time. */
async function invitedDrivers(serve: Serve, count: number): Promise<string[]> {
  const fleet = await createTenant(serve, 'Flota CLI');
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    // Ends in 789: the whatsapp magic endings (0001–0004) would answer the invitation themselves.
    const driver = await call<{ id: string }>(serve.base, fleet, 'POST', '/v1/drivers', { name: `Conductor ${i}`, whatsapp: `+525512${String(i).padStart(3, '0')}789`, city: 'CDMX' });
    const invited = await call(serve.base, fleet, 'POST', `/v1/drivers/${driver.json.id}/invitations`, { platform: 'platform_a' });
    if (invited.status >= 300) throw new Error(`invitation ${i}: ${invited.status} ${JSON.stringify(invited.json)}`);
    ids.push(driver.json.id);
  }
  return ids;
}

/** A data dir as a stopped serve leaves it: what `tenants create` with no serve opens. */
async function stoppedServeDataDir(): Promise<string> {
  const dir = tempDir('cli-template');
  const serve = await startServe(dir);
  await serve.stop();
  return dir;
}

function probesFor(drivers: string[], freshCopy: () => NodeJS.ProcessEnv): Probe[] {
  const onServe = { text: '≤ 2.5× node -e 0', max: 2.5 };
  return [
    { name: 'node -e 0', args: () => ['-e', '0'] },
    { name: '`fleet-sim --help`', args: () => [BIN, '--help'], goal: { text: '≤ 1.8× node -e 0', max: 1.8 } },
    { name: '`clock now --json` (running serve)', args: () => [BIN, 'clock', 'now', '--json'], goal: onServe },
    { name: '`platform-a accept ID --json` (running serve)', args: (r) => [BIN, 'platform-a', 'accept', drivers[r], '--json'], goal: onServe },
    { name: '`tenants list --json` (running serve)', args: () => [BIN, 'tenants', 'list', '--json'], goal: onServe },
    { name: '`tenants create --name X --json` (no serve)', args: () => [BIN, 'tenants', 'create', '--name', 'X', '--json'], env: freshCopy, goal: { text: '≤ 4× node -e 0', max: 4 } },
  ];
}

/** Each probe once a round, the order turning each round; the env (a data dir copy) is made before the clock starts. */
async function runRounds(probes: Probe[], rounds: number, env: NodeJS.ProcessEnv): Promise<Row[]> {
  const samples = probes.map(() => [] as number[]);
  const failures = probes.map(() => 0);
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < probes.length; k++) {
      const i = (k + round) % probes.length;
      const { ms, ok } = await timeProcess(probes[i].args(round), probes[i].env?.(round) ?? env);
      samples[i].push(ms);
      if (!ok) failures[i]++;
    }
  }
  const baseline = stat(samples[0]);
  // Round by round: a command and node -e 0 ran seconds apart, under the same neighbours.
  const paired = (i: number) => stat(samples[i].map((ms, round) => ms / samples[0][round]));
  return probes.slice(1).map((probe, k) => ({
    name: probe.name, unit: 'ms', value: stat(samples[k + 1]), baselineName: 'node -e 0', baseline, ratio: paired(k + 1), goal: probe.goal,
    note: failures[k + 1] ? `${failures[k + 1]} of ${rounds} runs exited non-zero` : undefined,
  }));
}

export async function measureCli(rounds: number, log: (msg: string) => void): Promise<Row[]> {
  log(`CLI: each command as its own process, ${rounds} rounds beside node -e 0`);
  const dirs = [await stoppedServeDataDir()];
  const serve = await startServe(tempDir('cli'));
  dirs.push(serve.dataDir);
  const freshCopy = () => {
    const dir = tempDir('cli-copy');
    cpSync(dirs[0], dir, { recursive: true });
    dirs.push(dir);
    return { ...serve.env, FLEET_DATA_DIR: dir };
  };
  try {
    const drivers = await invitedDrivers(serve, rounds);
    return await runRounds(probesFor(drivers, freshCopy), rounds, serve.env);
  } finally {
    await serve.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

/** `node --import tsx bench/cli.ts [--quick]`: this section alone, its table on stdout. */
async function main(): Promise<void> {
  const quick = process.argv.includes('--quick');
  const log = (msg: string) => process.stderr.write(`[bench] ${msg}\n`);
  const rows = await measureCli(quick ? 5 : 10, log);
  process.stdout.write(`${renderTable({ meta: {}, rows })}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
