/**
 * Start-up figures: cold starts of the compiled `fleet-sim serve` on new data dirs (migrations and
 * the demo seed included, as a QA script sees them), each right after a bare `node -e 0` so that
 * the pair's ratio cancels most of a shared machine's swings; and building the app on an in-memory
 * database the way the API tests do (test/support/app.ts makeDeps + createApp), beside opening and
 * migrating that database alone, its biggest part.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { stat, type Stat } from './load.ts';
import { startServe, tempDir } from './serve.ts';

/** ms from spawn to exit of a node process that does nothing: the floor of any start. */
export function bareNodeStart(): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    child.once('error', reject);
    child.once('exit', () => resolve(performance.now() - started));
  });
}

export interface ColdStarts {
  serve: Stat;
  /** `startTestbed()` of the compiled testing library → its handle, as an integrator's setup waits. */
  testbed: Stat;
  bare: Stat;
  /** serve ÷ node -e 0, pair by pair. */
  ratio: Stat;
}

export async function coldStarts(count: number): Promise<ColdStarts> {
  // The package's compiled entry, as `import { startTestbed } from 'fleet-testbed/testing'` gets it.
  const { startTestbed } = (await import(pathToFileURL(resolve('dist/testing/index.js')).href)) as typeof import('../testing/index.ts');
  const serve: number[] = [];
  const testbed: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < count; i++) {
    bare.push(await bareNodeStart());
    const dir = tempDir('cold');
    const started = await startServe(dir);
    serve.push(started.coldStartMs);
    await started.stop();
    rmSync(dir, { recursive: true, force: true });
    const t = performance.now();
    const handle = await startTestbed();
    testbed.push(performance.now() - t);
    await handle.stop();
  }
  return { serve: stat(serve), testbed: stat(testbed), bare: stat(bare), ratio: stat(serve.map((ms, i) => ms / bare[i])) };
}

/** Imported here, not at the top: the bench's own start should not pay for the whole API. */
export async function appBuilds(count: number): Promise<{ build: Stat; openDb: Stat }> {
  const { makeDeps } = await import('../test/support/app.ts');
  const { createApp } = await import('../server/app.ts');
  const { openDatabase } = await import('../server/db/open.ts');
  const build: number[] = [];
  const openDb: number[] = [];
  for (let i = 0; i < count; i++) {
    let t = performance.now();
    const db = openDatabase(':memory:');
    openDb.push(performance.now() - t);
    db.close();
    t = performance.now();
    const deps = makeDeps();
    createApp(deps);
    build.push(performance.now() - t);
    deps.db.close();
  }
  return { build: stat(build), openDb: stat(openDb) };
}
