import { defineConfig } from 'vitest/config';

// Unit tests only (npm run test:unit): no globalSetup, so no PostgreSQL is started or needed. Nothing here starts a
// server, a thread or a process (those tests live under test/integration), so the files share one module graph per
// worker thread instead of paying a fresh one each: about 10 s instead of 40 s on two cores.
export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    setupFiles: ['test/support/setup-file.ts'],
    reporters: ['default'],
    pool: 'threads',
    isolate: false,
  },
});
