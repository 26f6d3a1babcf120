/**
 * The simulators' process (the API's companion): `node dist/simulators/main.js`, as serve starts
 * it (or `node --import tsx simulators/main.ts` from the sources).
 * Env: FLEET_SIM_PORT (required; 0 picks a free port), FLEET_DATA_DIR (default ./data),
 * FLEET_SEED (integer, default 42), FLEET_CLOCK_START (used only until the API first pushes its clock).
 */
import { nodeHttp } from '../server/lib/node-http.ts';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SimClock, type ClockState } from '../server/lib/clock.ts';
import { createSimulatorsApp } from './app.ts';
import { removeVaultFile } from './common/fleet-snapshots.ts';
import { readClockState } from './common/clock-store.ts';
import { openSimulatorsDb } from './db.ts';
import { writeLine } from './common/long-work.ts';
import { startCheckpoints, type Checkpoints } from '../server/db/checkpoints.ts';

function fail(message: string): never {
  process.stderr.write(`simulators: ${message}\n`);
  process.exit(1);
}

function integerEnv(name: string, fallback?: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback ?? fail(`${name} is required`);
  if (!/^-?\d+$/.test(raw.trim())) fail(`${name} must be an integer, got '${raw}'`);
  return Number(raw);
}

/** The last clock the API pushed survives restarts; before the first push, FLEET_CLOCK_START or real time. */
function initialClock(saved: ClockState | null): ClockState {
  if (saved) return saved;
  const start = process.env.FLEET_CLOCK_START;
  if (!start) return { frozenAtMs: null, offsetMs: 0 };
  const ms = Date.parse(start);
  return Number.isNaN(ms) ? fail(`FLEET_CLOCK_START is not a date-time: '${start}'`) : { frozenAtMs: ms, offsetMs: 0 };
}

const port = integerEnv('FLEET_SIM_PORT');
if (port < 0 || port > 65_535) fail(`FLEET_SIM_PORT out of range: ${port}`);
const seed = integerEnv('FLEET_SEED', 42);
const dataDir = process.env.FLEET_DATA_DIR || './data';
const db = openSimulatorsDb(join(dataDir, 'platforms.db'));
const clock = new SimClock(initialClock(readClockState(db)));
// The fleets' snapshots, the platforms' halves of the API's world snapshots: kept for a process that
// replaces this one in the same serve (FLEET_SIM_KEEP_WORLD_SNAPSHOTS, cli/lib/companion.ts), emptied
// when serve starts anew, since the API's halves live in its memory.
const vaultFile = join(dataDir, 'world-snapshots.platforms.db');
if (process.env.FLEET_SIM_KEEP_WORLD_SNAPSHOTS !== '1') removeVaultFile(vaultFile);
// Supervised by serve (cli/lib/companion.ts), whose health probe reads the marks of long work.
const supervised = process.env.FLEET_SIM_EXIT_WITH_PARENT === '1';
const server = nodeHttp.createServer(createSimulatorsApp({ db, clock, seed, vaultFile, markLine: supervised ? writeLine : undefined }));
server.on('error', (err) => fail(err.message));
// Loopback only: the control surface must never be reachable from another machine.
let checkpoints: Checkpoints | null = null;
server.listen(port, '127.0.0.1', () => {
  console.log(`simulators listening on http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  // Once listening: a thread's start is nothing a start-up must wait for.
  checkpoints = startCheckpoints(db.name, {
    onError: (err) => process.stderr.write(`simulators: the WAL checkpoint thread failed (commits checkpoint as before): ${err.message}\n`),
  });
});

let stopping = false;
function stop(): void {
  if (stopping) return;
  stopping = true;
  // Requests held by a "slow" fault must not delay the exit: drop every connection at once.
  server.close();
  server.closeAllConnections();
  // The thread's connection first, so that this one, the last to close, leaves no WAL behind; what
  // still runs meanwhile (a fleet deletion's next slice) meets an open database.
  void (checkpoints?.stop() ?? Promise.resolve()).finally(() => {
    db.close();
    process.exit(0);
  });
}
// Started by `fleet-sim serve` with a pipe on stdin: serve closes it to stop this process once its
// own stop is done, and when serve dies (even by SIGKILL) the pipe closes too, so the companion never
// outlives it. A signal sent to the whole process group (Ctrl-C, `kill -TERM -PGID`, a terminal
// closing) reaches it as well: ending then cut off the work serve's stop lets finish (a fixture under
// way answered 503) and read as a crash in serve's log, so it waits for serve instead.
if (supervised) {
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => undefined);
  process.stdin.on('end', stop);
  process.stdin.on('close', stop);
  process.stdin.resume();
} else {
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
