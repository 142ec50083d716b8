import { defineConfig } from 'vitest/config';

// `npm test`: two projects. Unit tests start nothing (no server, thread or process: those live under
// test/integration), so their files share one module graph per worker thread (as `npm run test:unit`): about 10 s
// instead of 40 s. Integration tests run in forked processes (signals, child processes, process-wide listeners)
// against one PostgreSQL (globalSetup), and the files a fork runs share its module graph too: each file used to pay
// a fresh import of the whole service (transform, collect): `npm test` took 567 s shared against 878 s isolated in
// a clean-clone `.ci/run` (2026-12-01, two cores). What that asks of a test file: docs/testing.md.
export default defineConfig({
  test: {
    reporters: ['default'],
    // Four files at a time on two cores: an integration file spends much of its time waiting (a service starting, a
    // database cloned, a store or a mail server answering), and one worker per core left the cores idle.
    maxWorkers: 4,
    // As many as the most: tinypool ends an idle worker when there are more than the fewest, and a non-isolated fork
    // ended that way fails the run ("Terminating worker thread", vitest issues #8133 and #8564).
    minWorkers: 4,
    // For both projects. Here, not per project: the pools read it from the root config, and set on a project only,
    // each file still got a fresh worker.
    isolate: false,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          setupFiles: ['test/support/setup-file.ts'],
          pool: 'threads',
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
