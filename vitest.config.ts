import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    setupFiles: ['test/support/openapi-setup.ts', 'test/support/servers-setup.ts'],
    // The e2e tests run fleet-sim, the compiled code: dist/ is rebuilt from what changed first.
    globalSetup: ['scripts/test-setup.mjs'],
    pool: 'threads',
    // vitest's default on 2 cores is ONE worker; many files wait on processes and sockets, so two overlap well.
    maxWorkers: 2,
    // A worker's files share its modules: importing the server, the simulators and vitest's runner once
    // per worker instead of once per file was most of an in-process file's time. Test files are still
    // evaluated afresh, and none keeps state in a shared module (each builds its own app, database,
    // msw network or serve process and closes it).
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.ts'] } },
      { extends: true, test: { name: 'api', include: ['test/api/**/*.test.ts'] } },
      { extends: true, test: { name: 'e2e', include: ['test/e2e/**/*.test.ts'] } },
    ],
  },
});
