import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    setupFiles: ['test/support/openapi-setup.ts', 'test/support/servers-setup.ts'],
    // The e2e tests run fleet-sim, the compiled code: dist/ is rebuilt from what changed first.
    globalSetup: ['scripts/test-setup.mjs'],
    pool: 'threads',
    // vitest's default on 2 cores is ONE worker; the e2e group takes three (below).
    maxWorkers: 2,
    // A worker's files share its modules: importing the server, the simulators and vitest's runner once
    // per worker instead of once per file was most of an in-process file's time. Test files are still
    // evaluated afresh, and none keeps state in a shared module (each builds its own app, database,
    // msw network or serve process and closes it).
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Two groups, one after the other. The e2e files first, three at a time: each waits most of its
    // time on the serve and CLI processes it starts, so a third worker fills a core the other two
    // leave idle. Then the unit and api files, two at a time: in-process and busy, a third would only
    // queue for a core (docs/performance.md, "The test suite").
    projects: [
      { extends: true, test: { name: 'e2e', include: ['test/e2e/**/*.test.ts'], maxWorkers: 3, sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.ts'], sequence: { groupOrder: 1 } } },
      { extends: true, test: { name: 'api', include: ['test/api/**/*.test.ts'], sequence: { groupOrder: 1 } } },
    ],
  },
});
