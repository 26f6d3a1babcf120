import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SIMULATORS_MAIN = fileURLToPath(new URL('../../simulators/main.ts', import.meta.url));
const LISTENING = /simulators listening on (http:\/\/127\.0\.0\.1:\d+)/;

export interface Companion {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * Starts the platform simulators as a child process and resolves with their base URL once they
 * print their listening line. The child dies with us: it is stopped on our exit and it exits by
 * itself when its stdin (our pipe) closes, so a SIGKILLed serve leaves no orphan behind.
 */
export function startCompanion(env: NodeJS.ProcessEnv, startTimeoutMs = 30_000): Promise<Companion> {
  const child = spawn(process.execPath, ['--import', 'tsx', SIMULATORS_MAIN], {
    env,
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
      child.stdout!.removeAllListeners('data');
      child.stdout!.resume();
      resolve({ baseUrl: match[1], stop: () => stopChild(child) });
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 2_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
