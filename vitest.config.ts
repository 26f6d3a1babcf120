import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/support/openapi-setup.ts'],
    pool: 'threads',
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
