// vitest's globalSetup: the end-to-end tests run `fleet-sim`, that is dist/, so dist/ is brought up
// to date with the sources first (only what changed: milliseconds when nothing did), and again
// before each rerun in watch mode. No test runs stale compiled code.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildJs } from './build.mjs';

export default async function setup(project) {
  // The ~50 serves and ~150 CLI runs the tests start share V8's compiled code through node's compile
  // cache (keyed by each file's contents, so a rebuilt file is compiled afresh): each start costs
  // ~8 % less CPU. Left to the user outside the tests (docs/decisions.md).
  process.env.NODE_COMPILE_CACHE ??= join(tmpdir(), 'fleet-testbed-test-compile-cache');
  await buildJs();
  project.onTestsRerun(async () => {
    await buildJs();
  });
}
