import { spawn, type SpawnOptions } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../cli/bin.mjs', import.meta.url));

export interface ServeRun {
  pid: number;
  output(): string;
  stderr(): string;
  /** Resolves once the output matches, rejects when the process exits first. */
  waitFor(pattern: RegExp): Promise<void>;
  exited: Promise<number | null>;
  kill(signal?: NodeJS.Signals): void;
}

/** `fleet-sim serve` (or another command) as its own process, its output collected. */
export function runServe(env: NodeJS.ProcessEnv, options: SpawnOptions = {}, command = [process.execPath, BIN, 'serve']): ServeRun {
  const child = spawn(command[0], command.slice(1), { env, stdio: ['ignore', 'pipe', 'pipe'], ...options });
  let output = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => {
    output += d.toString();
    stderr += d.toString();
  });
  // 'exit' can come before the last of stdout and stderr has been read: the code once both have
  // ended, or a bound later when a simulator the process started still holds its stderr.
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      const bound = setTimeout(() => resolve(code), 2_000);
      child.once('close', () => {
        clearTimeout(bound);
        resolve(code);
      });
    }),
  );
  const waitFor = (pattern: RegExp) =>
    new Promise<void>((resolve, reject) => {
      const look = () => pattern.test(output) && resolve();
      child.stdout!.on('data', look);
      child.stderr!.on('data', look);
      look();
      void exited.then((code) => reject(new Error(`exited (${code}) before ${pattern}: ${output.slice(-800)}`)));
    });
  return { pid: child.pid!, output: () => output, stderr: () => stderr, waitFor, exited, kill: (signal = 'SIGTERM') => child.kill(signal) };
}

/** Whether something accepts TCP connections on the loopback port. */
export const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** Whether a process with this PID still exists. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits for a condition, checking every 50 ms of real time, up to a bound; false if it never held. */
export async function eventually(condition: () => boolean | Promise<boolean>, boundMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + boundMs;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return condition();
}

/** The processes `pid` started (a serve's companion), as Linux lists them. */
export const childrenOf = (pid: number): number[] =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
