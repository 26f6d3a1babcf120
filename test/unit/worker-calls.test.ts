import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const WORKER_CALLS = fileURLToPath(new URL('../../server/lib/worker-calls.ts', import.meta.url));

/**
 * A process whose only work left is a thread of its own (server/lib/worker-calls.ts): what the CLI's
 * fresh scenario environment is once its server has closed. The thread answers after 100 ms and
 * ends 100 ms after the close message; the process prints what it saw, and ends.
 */
async function runAlone(body: string): Promise<{ code: number; stdout: string }> {
  const script = `
    import { Worker } from 'node:worker_threads';
    import { workerCalls } from ${JSON.stringify(WORKER_CALLS)};
    const worker = new Worker(\`
      const { parentPort } = process.getBuiltinModule('node:worker_threads');
      parentPort.on('message', (m) => setTimeout(() => m.close ? process.exit(0) : parentPort.postMessage({ id: m.id, value: m.n * 2 }), 100));
    \`, { eval: true });
    const calls = workerCalls(worker, { label: 'hilo', onEnd: () => {}, valueOf: (a) => a.value, errorOf: (e) => new Error(String(e)) });
    ${body}
  `;
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { timeout: 15_000 });
    return { code: 0, stdout };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout + e.stderr };
  }
}

describe('calls to a thread (worker-calls.ts) in a process with nothing else to do', () => {
  it('when a call waits for its answer, then the process waits for it', async () => {
    expect(await runAlone(`console.log('respuesta', await calls.send((id) => ({ id, n: 21 })));`)).toEqual({ code: 0, stdout: 'respuesta 42\n' });
  });

  it('when the thread is closed, then the process waits until it has ended', async () => {
    expect(await runAlone(`await calls.close({ close: true }); console.log('cerrado');`)).toEqual({ code: 0, stdout: 'cerrado\n' });
  });

  it('when the thread is idle, then it does not keep the process alive', async () => {
    expect(await runAlone(`await calls.send((id) => ({ id, n: 1 })); console.log('listo');`)).toEqual({ code: 0, stdout: 'listo\n' });
  });
});
