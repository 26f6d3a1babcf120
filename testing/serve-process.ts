import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageManifest } from '../server/lib/package-manifest.ts';

/** Real time a serve gets to print its listening line: protection against a hung start only. */
export const START_TIMEOUT_MS = 60_000;
/** Real time a stopping serve gets before it is killed (the contract promises 5 s). */
const STOP_TIMEOUT_MS = 10_000;

/**
 * Node flags of a serve the package starts (this library, the container image, the bench): V8's
 * young generation capped at 16 MB a semi-space. Left to itself V8 grows it to 64 MB a semi-space
 * under a burst of requests (a suite making a thousand worlds) and never gives it back: most of
 * the API's memory beside many worlds, for no CPU per request that the bench can measure
 * (docs/performance.md, "Many worlds"). A size the caller sets in NODE_OPTIONS wins.
 */
export const serveNodeFlags = (env: NodeJS.ProcessEnv = process.env): string[] =>
  env.NODE_OPTIONS?.includes('semi-space-size') ? [] : ['--max-semi-space-size=16'];

/**
 * The package's own `fleet-sim` bin, found from this file whether it runs from the sources
 * (testing/) or compiled (dist/testing/): the nearest package.json named fleet-testbed.
 */
export function fleetSimBin(from = fileURLToPath(import.meta.url)): string {
  const pkg = packageManifest(from);
  if (!pkg.bin?.['fleet-sim']) throw new Error('el package.json de fleet-testbed no declara el bin fleet-sim');
  return join(pkg.root, pkg.bin['fleet-sim']);
}

export interface ServeProcess {
  pid: number;
  /** Resolves with serve's URL once it takes requests; rejects with its reason if it stops or hangs first. */
  ready: Promise<string>;
  /** SIGTERM, then SIGKILL if it has not exited within the bound; resolves once it has exited. */
  stop(): Promise<void>;
  /** SIGKILL, without waiting: for `exit` handlers. */
  kill(): void;
}

/** What serve printed last, for the error of a start that failed (its reason is its last line). */
const KEPT_OUTPUT = 16_384;

/** Reads serve's output for as long as it runs (a full pipe would block it), keeping only its tail. */
function collect(child: ChildProcess, forward?: { write(chunk: Uint8Array): unknown }): () => string {
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-KEPT_OUTPUT);
    forward?.write(chunk);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  return () => output;
}

/** A started serve must not keep the test process alive: its `exit` handler stops it (cleanup.ts). */
function unref(child: ChildProcess): void {
  child.unref();
  for (const stream of [child.stdout, child.stderr]) (stream as unknown as { unref?: () => void }).unref?.();
}

const LISTENING = /listening on (https?:\/\/\S+)/;

/**
 * Starts `fleet-sim serve` with this environment; `ready` resolves with its URL once it prints the
 * listening line (PORT=0: the line has the port it got). The handle exists from the spawn on, so a
 * test process that ends during the start can still stop it.
 */
export function spawnServe(env: NodeJS.ProcessEnv, options: { timeoutMs?: number; output?: { write(chunk: Uint8Array): unknown } } = {}): ServeProcess {
  // Its own process group: serve and the companion it starts can be killed at once (killGroup).
  const child = spawn(process.execPath, [...serveNodeFlags(env), fleetSimBin(), 'serve'], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const output = collect(child, options.output);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = () => killGroup(child);
  return {
    pid: child.pid ?? 0,
    ready: listening(child, output, kill, options.timeoutMs ?? START_TIMEOUT_MS),
    kill,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
      const force = setTimeout(kill, STOP_TIMEOUT_MS);
      child.kill('SIGTERM');
      await exited;
      clearTimeout(force);
    },
  };
}

/**
 * SIGKILL to serve and its companion. The companion would end by itself once serve is gone, but
 * only after the work in hand (a snapshot being written into the data dir), which would race the
 * removal of that dir.
 */
function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** A serve that exits or hangs before its listening line rejects with what it said, and is not left running. */
function listening(child: ChildProcess, output: () => string, kill: () => void, timeoutMs: number): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      kill();
      const said = output().trim().slice(-800);
      // A loaded CI runner may need longer than the default: the option is what to change.
      reject(new Error(`fleet-sim serve no respondió en ${timeoutMs} ms (startTimeoutMs; en una máquina cargada, dale más): ${said === '' ? 'no escribió nada todavía' : said}`));
    }, timeoutMs);
    const look = () => {
      const match = LISTENING.exec(output());
      if (!match) return;
      clearTimeout(timer);
      child.stdout!.off('data', look);
      unref(child);
      resolve(match[1]);
    };
    child.stdout!.on('data', look);
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(new Error(`no se pudo iniciar fleet-sim serve: ${err.message}`));
    });
    // On 'close', not 'exit': the process may be gone before its last line (the reason) is read from
    // the pipe, and the error then said nothing (seen under load).
    child.once('close', () => {
      clearTimeout(timer);
      const last = output().trim().split('\n').at(-1) ?? '';
      reject(new Error(`fleet-sim serve terminó antes de escuchar (código ${child.exitCode}): ${last}`));
    });
  });
}
