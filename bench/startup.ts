/**
 * Start-up figures: cold starts of `fleet-sim serve` on new data dirs (migrations and the demo seed
 * included, as a QA script sees them), and building the app on an in-memory database the way the
 * API tests do (test/support/app.ts makeDeps + createApp), beside opening and migrating that
 * database alone, its biggest part.
 */
import { rmSync } from 'node:fs';
import { stat, type Stat } from './load.ts';
import { startServe, tempDir } from './serve.ts';

export async function coldStarts(count: number): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const dir = tempDir('cold');
    const serve = await startServe(dir);
    samples.push(serve.coldStartMs);
    await serve.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return samples;
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
