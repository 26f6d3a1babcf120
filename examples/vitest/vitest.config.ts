import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
// Inside the fleet-testbed repository, its sources; copied into your project, none of this applies
// and fleet-testbed resolves from node_modules.
const inRepository = existsSync(here('../../package.json')) && JSON.parse(readFileSync(here('../../package.json'), 'utf8')).name === 'fleet-testbed';

export default defineConfig({
  resolve: {
    alias: inRepository
      ? { 'fleet-testbed/testing': here('../../testing/index.ts'), 'fleet-testbed/client': here('../../client/index.ts') }
      : {},
  },
  test: {
    root: here('.'),
    include: ['*.test.ts'],
    globalSetup: ['./global-setup.ts'],
    // Each test has its own world: they may all run at once.
    sequence: { concurrent: true },
    testTimeout: 30_000,
    // A fixture world in a beforeAll takes seconds when many files make theirs at once on 2 cores.
    hookTimeout: 60_000,
  },
});
