import { defineConfig } from 'vitest/config';

// Unit tests only (npm run test:unit): no globalSetup, so no PostgreSQL is started or needed.
export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    setupFiles: ['test/support/setup-file.ts'],
    reporters: ['default'],
  },
});
