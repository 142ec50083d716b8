import { defineConfig } from 'vitest/config';

// Browser tests (npm run test:e2e): a real service on a fresh database, driven through Debian's Chromium.
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    setupFiles: ['test/support/setup-file.ts'],
    pool: 'forks',
    // Two files at a time, each with its own browser and service: a browser test spends most of its time waiting for
    // the page, the service or the browser, and one file at a time left the two cores mostly idle (380 s for 12 files).
    maxWorkers: 2,
    minWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ['default'],
  },
});
