/**
 * Starts and stops a real `fleet-sim serve` for the bench, measures its cold start and samples the
 * memory of the API process. serve runs the API inside the CLI process (the pid we spawn) and the
 * simulators as its child, so /proc/<our child's pid> is the API and nothing else.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveNodeFlags } from '../testing/serve-process.ts';

export const BIN = fileURLToPath(new URL('../cli/bin.mjs', import.meta.url));
export const CLOCK_START = '2026-01-01T12:00:00.000Z';

export const tempDir = (label: string) => mkdtempSync(join(tmpdir(), `fleet-bench-${label}-`));

export interface Serve {
  base: string;
  pid: number;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  /** ms from spawn to the `listening on` line. */
  coldStartMs: number;
  /** The demo key serve prints on a new data dir. */
  demoKey: string | null;
  cli<T = any>(args: string[], timeoutMs?: number): Promise<T>;
  stop(): Promise<void>;
}

/** Rate limiting off (the bench is one key hammering), clock frozen so ride dates are known. */
export async function startServe(dataDir = tempDir('data'), extraEnv: Record<string, string> = {}, nodeArgs: string[] = serveNodeFlags(), bin = BIN): Promise<Serve> {
  // PORT 0: serve takes a free port itself and names it in its listening line. A port found free here
  // could be taken, before serve binds it, by one of the load's many client sockets.
  const env: NodeJS.ProcessEnv = {
    ...process.env, PORT: '0', FLEET_DATA_DIR: dataDir, FLEET_RATE_LIMIT: '0', FLEET_CLOCK_START: CLOCK_START, ...extraEnv,
  };
  let base = '';
  // Request logs go to a file, not a pipe: reading them would cost the bench process CPU it needs.
  const logFd = openSync(join(dataDir, 'serve.log'), 'a');
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, bin, 'serve'], { env, stdio: ['ignore', 'pipe', logFd] });
  closeSync(logFd);
  let output = '';
  const coldStartMs = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => (child.kill('SIGKILL'), reject(new Error(`serve did not start in 60 s: ${output}`))), 60_000);
    child.stdout!.on('data', (d: Buffer) => {
      output += d.toString();
      const listening = /listening on (http:\/\/127\.0\.0\.1:(\d+))/.exec(output);
      if (listening) {
        base = listening[1];
        // The CLI finds this serve by PORT.
        env.PORT = listening[2];
        clearTimeout(timer);
        resolve(performance.now() - started);
      }
    });
    child.once('exit', (code) => (clearTimeout(timer), reject(new Error(`serve exited (${code}); see ${dataDir}/serve.log\n${output}`))));
  });
  child.removeAllListeners('exit');
  const demoKey = /fk_test_[0-9a-f]{12}_[A-Za-z0-9]{32}/.exec(output)?.[0] ?? null;

  const cli = <T>(args: string[], timeoutMs = 600_000) =>
    new Promise<T>((resolve, reject) => {
      execFile(process.execPath, [bin, ...args, '--json'], { env, timeout: timeoutMs, maxBuffer: 64 << 20 }, (err, stdout, stderr) => {
        if (err) return reject(new Error(`fleet-sim ${args.join(' ')} failed: ${stderr || err.message}`));
        resolve(JSON.parse(stdout) as T);
      });
    });

  return { base, pid: child.pid!, dataDir, env, coldStartMs, demoKey, cli, stop: () => stopChild(child) };
}

/**
 * A section measured on a serve of its own (a new data dir labelled `label`): its rows, and the stop
 * the run calls once the section is over; stopped here if measuring fails.
 */
export async function onServeOfItsOwn<R>(label: string, measure: (serve: Serve) => Promise<R>): Promise<{ rows: R; stop: () => Promise<void> }> {
  const serve = await startServe(tempDir(label));
  try {
    return { rows: await measure(serve), stop: serve.stop };
  } catch (err) {
    await serve.stop();
    throw err;
  }
}

export function stopChild(child: ChildProcess, graceMs = 5_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => (clearTimeout(force), resolve()));
    child.kill('SIGTERM');
  });
}

/** VmRSS (now) and VmHWM (peak since start or since resetPeak) of one process, in MB. */
export function memoryOf(pid: number): { rssMb: number; peakMb: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
    return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

/**
 * Tracks the peak RSS of a process over a phase. Writing 5 to clear_refs resets VmHWM (Linux ≥ 4.0),
 * so a phase's peak is not the previous phase's; sampling every 100 ms backs it up where that fails.
 */
export function peakTracker(pid: number) {
  let sampled = 0;
  let reset = true;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    reset = false; // not permitted here: VmHWM would be the lifetime peak, so only samples count
  }
  const sample = () => (sampled = Math.max(sampled, memoryOf(pid)?.rssMb ?? 0));
  sample();
  const timer = setInterval(sample, 100);
  timer.unref();
  return {
    /** Peak RSS in MB since the tracker started. */
    stop(): number {
      clearInterval(timer);
      sample();
      return reset ? Math.max(sampled, memoryOf(pid)?.peakMb ?? 0) : sampled;
    },
  };
}

/** A baseline server (bench/baselines/*.ts) in a process of its own, so it never shares the loader's CPU. */
export async function startBaseline(file: string, env: Record<string, string>): Promise<{ base: string; pid: number; stop(): Promise<void> }> {
  const script = fileURLToPath(new URL(`./baselines/${file}`, import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script], { env: { ...process.env, PORT: '0', ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  const base = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`baseline ${file} exited (${code}): ${out}`)));
  });
  child.removeAllListeners('exit');
  return { base, pid: child.pid!, stop: () => stopChild(child) };
}
