import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTestbed, startTestbed, type StartedTestbed } from '../../testing/index.ts';
import { alive, answers, childrenOf, eventually } from '../support/serve-run.ts';

const TESTING = new URL('../../testing/index.ts', import.meta.url).href;

/** Processes whose FLEET_DATA_DIR lies under `dir` (a serve and its companion), as Linux lists them. */
function processesUnder(dir: string): number[] {
  return readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map(Number).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').some((v) => v.startsWith(`FLEET_DATA_DIR=${dir}`));
    } catch {
      return false; // gone meanwhile, or not ours to read
    }
  });
}

/**
 * A test process of an integrator's: starts a testbed, prints what it started, then either waits
 * (as a test run does, to be interrupted) or ends without calling stop().
 */
function integratorProcess(then: 'wait' | 'end' | 'end-unheard') {
  const script = `
    const { readFileSync } = await import('node:fs');
    const { startTestbed } = await import(${JSON.stringify(TESTING)});
    const testbed = await startTestbed();
    const companion = Number(readFileSync('/proc/' + testbed.pid + '/task/' + testbed.pid + '/children', 'utf8').trim().split(' ')[0]);
    console.log(JSON.stringify({ pid: testbed.pid, dataDir: testbed.dataDir, url: testbed.url, companion }));
    ${then === 'wait' ? 'setInterval(() => {}, 1000);' : ''}
    ${then === 'end-unheard' ? "process.removeAllListeners('exit');" : ''}`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  let stdout = '';
  const started = new Promise<{ pid: number; dataDir: string; url: string; companion: number }>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes('\n')) resolve(JSON.parse(stdout.split('\n')[0]));
    });
    // 'close', not 'exit': a process that prints its line and ends at once may exit before its
    // output is read, and then the line is still on its way.
    child.once('close', (code) => reject(new Error(`the process ended (${code}) before starting a testbed: ${stdout}`)));
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { child, started, exited };
}

/** What a testbed leaves behind: its serve, its companion, its port, its temp dir. */
async function leftBehind(testbed: { pid: number; dataDir: string; url: string }, companion: number) {
  return {
    serve: alive(testbed.pid),
    companion: alive(companion),
    port: await answers(Number(new URL(testbed.url).port)),
    dataDir: existsSync(testbed.dataDir),
  };
}
const NOTHING = { serve: false, companion: false, port: false, dataDir: false };

describe('fleet-testbed/testing leaves nothing behind', () => {
  it('when the test process gets SIGTERM, then it stops serve, removes the temp dir and ends by the signal', async () => {
    const run = integratorProcess('wait');
    const testbed = await run.started;
    const companion = testbed.companion;
    expect(companion).toBeGreaterThan(0);

    run.child.kill('SIGTERM');
    const exit = await run.exited;

    expect(exit.signal).toBe('SIGTERM');
    expect(await eventually(() => !alive(companion), 5_000)).toBe(true);
    expect(await leftBehind(testbed, companion)).toEqual(NOTHING);
  }, 60_000);

  it('when the test process ends without calling stop(), then it does end, and serve and the temp dir go with it', async () => {
    const run = integratorProcess('end');
    const testbed = await run.started;
    const companion = testbed.companion;
    expect(companion).toBeGreaterThan(0);

    const exit = await run.exited;

    expect(exit.code).toBe(0);
    expect(await eventually(async () => !alive(testbed.pid) && !alive(companion), 5_000)).toBe(true);
    expect(await leftBehind(testbed, companion)).toEqual(NOTHING);
  }, 60_000);

  it('when the test process ends and the library\'s exit handler never runs (jest gives each test file a copy of process), then serve stops by itself and removes the temp dir', async () => {
    const run = integratorProcess('end-unheard');
    const testbed = await run.started;
    const companion = testbed.companion;

    const exit = await run.exited;

    expect(exit.code).toBe(0);
    expect(await eventually(async () => !alive(testbed.pid) && !alive(companion) && !existsSync(testbed.dataDir), 10_000)).toBe(true);
    expect(await leftBehind(testbed, companion)).toEqual(NOTHING);
  }, 60_000);

  it('when the test process ends while serve is still starting, then serve and the temp dir go with it', async () => {
    const scratch = mkdtempSync(join(tmpdir(), 'fleet-start-exit-'));
    const script = `
      const { startTestbed } = await import(${JSON.stringify(TESTING)});
      void startTestbed();
      setImmediate(() => process.exit(0));`;

    const exit = await new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { env: { ...process.env, TMPDIR: scratch }, stdio: 'inherit' });
      child.once('exit', resolve);
    });
    const gone = await eventually(() => processesUnder(scratch).length === 0, 5_000);
    const left = readdirSync(scratch).filter((name) => name.startsWith('fleet-testbed-')); // tsx keeps its cache there too
    rmSync(scratch, { recursive: true, force: true });

    expect(exit).toBe(0);
    expect(gone).toBe(true);
    expect(left).toEqual([]);
  }, 60_000);
});

describe('fleet-testbed/testing with a control token, then stopped', () => {
  const TOKEN = 'library-control-token-0123';
  let testbed: StartedTestbed;

  beforeAll(async () => {
    testbed = await startTestbed({ env: { FLEET_CONTROL_TOKEN: TOKEN } });
  }, 60_000);

  afterAll(async () => {
    await testbed?.stop();
  });

  it('when the serve has a token, then startTestbed sends it, and connectTestbed works with it and is refused without it', async () => {
    const own = await testbed.createWorld();
    const withToken = await connectTestbed(testbed.url, TOKEN);
    const withoutToken = await connectTestbed(testbed.url).catch((err: unknown) => err);

    expect(own.key).toMatch(/^fk_test_/);
    expect((await withToken.createWorld()).key).toMatch(/^fk_test_/);
    expect(withoutToken).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
  });

  it('when stop() resolves, then serve and its simulators have exited, the port is free and the temp dir is gone', async () => {
    const [companion] = childrenOf(testbed.pid);

    await Promise.all([testbed.stop(), testbed.stop()]);

    expect(companion).toBeGreaterThan(0);
    expect(await eventually(() => !alive(companion), 5_000)).toBe(true);
    expect(await leftBehind(testbed, companion)).toEqual(NOTHING);
  });
});
