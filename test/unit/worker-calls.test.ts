import { execFile } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { workerCalls } from '../../server/lib/worker-calls.ts';

const WORKER_CALLS = fileURLToPath(new URL('../../server/lib/worker-calls.ts', import.meta.url));

/** A thread's stand-in: what workerCalls does to it (ref, unref, messages), in order. */
function fakeWorker(postMessage: (message: unknown) => void = () => {}) {
  const did: string[] = [];
  const worker = Object.assign(new EventEmitter(), {
    ref: () => void did.push('ref'),
    unref: () => void did.push('unref'),
    postMessage: (message: unknown) => (did.push('post'), postMessage(message)),
  });
  const calls = workerCalls<unknown>(worker as unknown as Worker, { label: 'hilo', onEnd: () => {}, valueOf: (a) => a.value, errorOf: (e) => new Error(String(e)) });
  const held = () => did.filter((d) => d === 'ref' || d === 'unref').at(-1) === 'ref';
  return { worker, calls, did, held };
}

describe('calls to a thread (worker-calls.ts): when it keeps the process alive', () => {
  it('when no call waits, then the thread does not hold the process; while calls wait it does, until the last answer', async () => {
    const { worker, calls, held } = fakeWorker();
    expect(held()).toBe(false);

    const first = calls.send((id) => ({ id }));
    const second = calls.send((id) => ({ id }));
    expect(held()).toBe(true);
    worker.emit('message', { id: 1, value: 'a' });
    expect([await first, held()]).toEqual(['a', true]);
    worker.emit('message', { id: 2, value: 'b' });

    expect([await second, held()]).toEqual(['b', false]);
  });

  it('when it is closed, then it holds the process until it has ended', async () => {
    const { worker, calls, held } = fakeWorker();

    const closed = calls.close({ close: true });
    expect(held()).toBe(true);
    worker.emit('exit', 0);

    await expect(closed).resolves.toBeUndefined();
  });

  it('when a call cannot be sent (a buffer that cannot be transferred), then it is refused and nothing waits for it', async () => {
    const { calls, held } = fakeWorker(() => {
      throw new Error('DataCloneError');
    });

    await expect(calls.send((id) => ({ id }))).rejects.toThrow('DataCloneError');
    expect(held()).toBe(false);
  });
});

/**
 * A real process whose only work left is a thread of its own: what the CLI's fresh scenario
 * environment is once its server has closed. The thread answers each call, and closes its port then
 * ends on `close` as the API's threads do.
 */
async function runAlone(body: string): Promise<{ code: number; output: string }> {
  const script = `
    import { Worker } from 'node:worker_threads';
    import { workerCalls } from ${JSON.stringify(WORKER_CALLS)};
    const worker = new Worker(\`
      const { parentPort } = process.getBuiltinModule('node:worker_threads');
      parentPort.on('message', (m) => (m.close ? parentPort.close() : parentPort.postMessage({ id: m.id, value: m.n * 2 })));
    \`, { eval: true });
    const calls = workerCalls(worker, { label: 'hilo', onEnd: () => {}, valueOf: (a) => a.value, errorOf: (e) => new Error(String(e)) });
    ${body}
  `;
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { timeout: 15_000 });
    return { code: 0, output: stdout };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, output: e.stdout + e.stderr };
  }
}

describe('calls to a thread in a process with nothing else to do', () => {
  it('when two calls are made one after the other, then both are answered and the process ends', async () => {
    expect(await runAlone(`console.log(await calls.send((id) => ({ id, n: 1 })), await calls.send((id) => ({ id, n: 21 })));`)).toEqual({ code: 0, output: '2 42\n' });
  });

  it('when the thread is closed, then the process waits until it has ended', async () => {
    expect(await runAlone(`await calls.close({ close: true }); console.log('cerrado');`)).toEqual({ code: 0, output: 'cerrado\n' });
  });

  it('when the thread is never called, then it does not keep the process alive', async () => {
    expect(await runAlone(`console.log('listo');`)).toEqual({ code: 0, output: 'listo\n' });
  });
});
