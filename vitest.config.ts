import { defineConfig } from 'vitest/config';

// `npm test`: two projects. Unit tests start nothing (no server, thread or process: those live under
// test/integration), so their files share one module graph per worker thread (as `npm run test:unit`): about 10 s
// instead of 40 s. Integration tests run isolated in forked processes (signals, child processes, process-wide
// listeners) against one PostgreSQL (globalSetup): sharing a fork's module graph between them saved nothing measurable.
export default defineConfig({
  test: {
    reporters: ['default'],
    // Four files at a time on two cores: an integration file spends much of its time waiting (a service starting, a
    // database cloned, a store or a mail server answering), and one worker per core left the cores idle.
    maxWorkers: 4,
    minWorkers: 1,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          setupFiles: ['test/support/setup-file.ts'],
          pool: 'threads',
          isolate: false,
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          setupFiles: ['test/support/setup-file.ts'],
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
