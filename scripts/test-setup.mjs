// vitest's globalSetup: the end-to-end tests run `fleet-sim`, that is dist/, so dist/ is brought up
// to date with the sources first (only what changed: milliseconds when nothing did), and again
// before each rerun in watch mode. No test runs stale compiled code.
import { buildJs } from './build.mjs';

export default async function setup(project) {
  await buildJs();
  project.onTestsRerun(async () => {
    await buildJs();
  });
}
