import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/support/openapi-setup.ts'],
    // The e2e tests run fleet-sim, the compiled code: dist/ is rebuilt from what changed first.
    globalSetup: ['scripts/test-setup.mjs'],
    pool: 'threads',
    // vitest's default on 2 cores is ONE worker; many files wait on processes and sockets, so two overlap well.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
