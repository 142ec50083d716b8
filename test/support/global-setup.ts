import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { prepareDatabase } from '../../src/adapters/postgres/database.js';
import { configuredStores } from '../../src/adapters/stores/recipes/configured-stores.js';
import { startPgBoss } from '../../src/adapters/scheduler/pg-boss-fetch-queue.js';
import { startTestDatabaseServer, type TestDatabaseKind } from './database-for-tests.js';

export const TEMPLATE_DATABASE = 'shelfwatch_test_template';

declare module 'vitest' {
  export interface ProvidedContext {
    adminUrl: string;
    templateUrl: string;
    /** The path startTestDatabaseServer took for this run. */
    databaseKind: TestDatabaseKind;
    /** The image Testcontainers runs, '' unless databaseKind is 'testcontainers'. */
    testcontainersImage: string;
  }
}

/** One server for the whole run; a migrated template database that every test file clones. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Env TESTCONTAINERS_POSTGRES_IMAGE and REQUIRE_TEST_DATABASE steer this; see docs/testing.md.
  const server = await startTestDatabaseServer(process.env);
  console.log(`[tests] PostgreSQL from ${server.kind}${server.image ? ` (image ${server.image})` : ''}: ${server.reason}`);
  try {
    const admin = new pg.Client({ connectionString: server.adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${TEMPLATE_DATABASE}`);
    await admin.query(`create database ${TEMPLATE_DATABASE}`);
    await admin.end();
    const templateUrl = withDatabase(server.adminUrl, TEMPLATE_DATABASE);
    // Reference data too, with the demonstration stores active, as in development.
    await prepareDatabase(templateUrl, configuredStores({ demoStores: true, demoStoreUrl: 'http://127.0.0.1:9', enabledStores: [] }));
    // The job queue's schema too, so every cloned database starts with it.
    const boss = await startPgBoss(templateUrl, (error) => console.error(error));
    await boss.stop({ graceful: false, wait: true });
    project.provide('adminUrl', server.adminUrl);
    project.provide('templateUrl', templateUrl);
    project.provide('databaseKind', server.kind);
    project.provide('testcontainersImage', server.image ?? '');
  } catch (error) {
    // A container would otherwise outlive the run (the reaper is off where Docker Hub is unreachable).
    await server.stop().catch(() => undefined);
    throw error;
  }
  return () => server.stop();
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
