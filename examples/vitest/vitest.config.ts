import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  // Only inside the fleet-testbed repository: an integrator's project resolves these from node_modules.
  resolve: {
    alias: {
      'fleet-testbed/testing': here('../../testing/index.ts'),
      'fleet-testbed/client': here('../../client/index.ts'),
    },
  },
  test: {
    root: here('.'),
    include: ['*.test.ts'],
    globalSetup: ['./global-setup.ts'],
    // Each test has its own world: they may all run at once.
    sequence: { concurrent: true },
    testTimeout: 30_000,
  },
});
