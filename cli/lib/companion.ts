import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { notHung, probeTimings, watchHealth } from './health-probe.ts';
import { busyMarks } from './busy-marks.ts';

// Compiled (dist/, what fleet-sim runs) the simulators are one bundled file (scripts/bundle.mjs); from
// the sources (tests importing this file) they need tsx's loader.
const COMPILED = import.meta.url.endsWith('.js');
const SIMULATORS_MAIN = fileURLToPath(new URL(COMPILED ? '../../bundles/simulators.js' : '../../simulators/main.ts', import.meta.url));
const LOADER = COMPILED ? [] : ['--import', 'tsx'];
// A serve started with --cpu-prof (bench/startup-profile.ts) profiles its simulators too; node
// refuses the flag in NODE_OPTIONS, so it is passed on here.
const PROFILING = process.execArgv.filter((arg) => arg.startsWith('--cpu-prof'));
const LISTENING = /simulators listening on (http:\/\/127\.0\.0\.1:(\d+))/;
/** Real time between restarts of a simulators process that keeps dying: protection, not simulation. */
const RESTART_DELAY_MS = 500;

export interface Companion {
  baseUrl: string;
  stop(): Promise<void>;
}

interface Running {
  child: ChildProcess;
  baseUrl: string;
  port: string;
}

/**
 * Starts the platform simulators as a child process and resolves with their base URL once they
 * print their listening line. The child dies with us: it exits when its stdin (our pipe) closes,
 * which stop() does and our death does too, so a SIGKILLed serve leaves no orphan behind. If the
 * child dies on its own, it is started again on the same port, so the API's clients (whose base
 * URL is fixed) recover by themselves; meanwhile the API answers 503 PLATFORM_UNAVAILABLE.
 * A child that stops answering its health probe (hung, or stopped with SIGSTOP) is SIGKILLed and so
 * replaced the same way, unless it said it is busy on purpose (busy-marks.ts: a whole restore). Its
 * data is in platforms.db, written in transactions, and the fleets' snapshots in a file beside it,
 * which the new process opens again, so nothing is lost.
 */
export async function startCompanion(env: NodeJS.ProcessEnv, { startTimeoutMs = 30_000, onReplaced = () => {}, answeredAt = () => 0 }: {
  startTimeoutMs?: number;
  /** A new process answers in place of one that died or hung: what was only in its memory is gone (the fleets' snapshots are kept). */
  onReplaced?: () => void;
  /** Real time of its last answer to the API's own calls (0: none): as good as an answer to its probe. */
  answeredAt?: () => number;
} = {}): Promise<Companion> {
  const timings = probeTimings(env);
  // A first process starts its fleets' snapshots afresh, whatever the environment says (simulators/main.ts).
  let current = await spawnSimulators({ ...env, FLEET_SIM_KEEP_WORLD_SNAPSHOTS: undefined }, startTimeoutMs);
  let stopping = false;
  let stopProbe = () => {};

  const supervise = (running: Running) => {
    const alive = notHung(busyMarks(running.child.stdout!), answeredAt, timings.everyMs);
    stopProbe = watchHealth(`${running.baseUrl}/_control/health`, timings, (silentMs) => {
      process.stderr.write(`simuladores sin responder durante ${Math.round(silentMs / 1000)} s (pid ${running.child.pid}); se reemplazan\n`);
      running.child.kill('SIGKILL');
    }, alive);
    running.child.once('exit', async (code, signal) => {
      stopProbe();
      if (stopping) return;
      process.stderr.write(`simuladores terminados (${signal ?? code}); reiniciando en el puerto ${running.port}\n`);
      while (!stopping) {
        await new Promise((r) => setTimeout(r, RESTART_DELAY_MS));
        try {
          // The same port, and the fleets' snapshots the one before kept (simulators/main.ts).
          current = await spawnSimulators({ ...env, FLEET_SIM_PORT: running.port, FLEET_SIM_KEEP_WORLD_SNAPSHOTS: '1' }, startTimeoutMs);
          if (stopping) return void stopChild(current.child);
          supervise(current);
          onReplaced();
          return;
        } catch (err) {
          process.stderr.write(`no se pudieron reiniciar los simuladores: ${(err as Error).message}\n`);
        }
      }
    });
  };
  supervise(current);

  return {
    baseUrl: current.baseUrl,
    stop() {
      stopping = true;
      stopProbe();
      return stopChild(current.child);
    },
  };
}

function spawnSimulators(env: NodeJS.ProcessEnv, startTimeoutMs: number): Promise<Running> {
  const child = spawn(process.execPath, [...LOADER, ...PROFILING, SIMULATORS_MAIN], {
    // Our pipe on its stdin closes when we die, even by SIGKILL: the child then exits (simulators/main.ts).
    env: { ...env, FLEET_SIM_EXIT_WITH_PARENT: '1' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => fail(new Error('los simuladores no arrancaron a tiempo')), startTimeoutMs);
    const fail = (err: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(err);
    };
    child.once('exit', (code) => fail(new Error(`los simuladores terminaron al arrancar (código ${code}): ${output.slice(-500)}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = LISTENING.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      // From here on its stdout carries the marks of long work only (supervise: busyMarks).
      child.stdout!.removeAllListeners('data');
      resolve({ child, baseUrl: match[1], port: match[2] });
    });
  });
}

/** Closes the child's stdin, which stops it (it waits for that, not for a signal: simulators/main.ts); SIGKILL after 2 s. */
function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 2_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.stdin!.end();
  });
}
