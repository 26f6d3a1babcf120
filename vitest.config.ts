import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    setupFiles: ['test/support/openapi-setup.ts'],
    pool: 'threads',
    // vitest's default on 2 cores is ONE worker; many files wait on processes and sockets, so two overlap well.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      // In-process files share a worker's modules (isolate: false): importing the server and the
      // OpenAPI checker once per worker instead of once per file was most of their time. They keep
      // no state in modules between files (each builds its app, database and msw network).
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.ts'], isolate: false } },
      { extends: true, test: { name: 'api', include: ['test/api/**/*.test.ts'], isolate: false } },
      { extends: true, test: { name: 'e2e', include: ['test/e2e/**/*.test.ts'] } },
    ],
  },
});
