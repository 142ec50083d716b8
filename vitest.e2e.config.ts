import { defineConfig } from 'vitest/config';

// Browser tests (npm run test:e2e): a real service on a fresh database, driven through Debian's Chromium.
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    setupFiles: ['test/support/setup-file.ts'],
    pool: 'forks',
    // One browser and one service at a time: the tests share a small machine.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ['default'],
  },
});
