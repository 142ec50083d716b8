import 'reflect-metadata';
import { Container } from 'inversify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config/config.js';
import { LogSink } from '../../../src/application/logging/log-sink.js';
import { Clock, systemClock } from '../../../src/application/shared/clock.js';
import type { BufferedLogSink } from '../../../src/adapters/logging/buffered-log-sink.js';
import { type LogBatchWriting, loggingModule } from '../../../src/composition/modules/logging-module.js';
import { LOG_WRITER_APPLICATION_NAME } from '../../../src/adapters/logging/thread-log-writer.js';
import { databaseForThisFile } from '../../support/orm-for-tests.js';

// The module's two ways of writing batches, told apart by the connection that wrote them.
const file = databaseForThisFile();

async function writeOneEvent(logBatchWriting: LogBatchWriting, event: string): Promise<string[]> {
  const config = loadConfig({ DATABASE_URL: file.db.url, JWT_SECRET: 'x'.repeat(32), NODE_ENV: 'test' });
  const container = new Container({ autobind: true, defaultScope: 'Singleton' });
  container.bind(Clock).toConstantValue(systemClock);
  container.loadSync(loggingModule(config, { databaseUrl: file.db.url, orm: file.orm }, { isComponent: true, writing: logBatchWriting }));
  const sink = container.get(LogSink) as BufferedLogSink;
  sink.record({ level: 'info', source: 'api', event, detail: {}, time: new Date() });
  await sink.flush();
  const writers = await file.db.sql<{ name: string }>(
    `select application_name as name from pg_stat_activity where datname = current_database() and application_name = $1`,
    [LOG_WRITER_APPLICATION_NAME],
  );
  await sink.close();
  expect(await file.db.sql(`select 1 from log where log_event = $1`, [event])).toHaveLength(1);
  return writers.map((w) => w.name);
}

describe('the logging module, in-process', () => {
  // The pool first: a closed thread's connection may linger a moment in pg_stat_activity.
  it("'orm-pool' writes on the ORM's pool and starts no writer thread", async () => {
    expect(await writeOneEvent('orm-pool', 'pool_written')).toEqual([]);
  });

  it("'writer-thread' writes on the writer thread's own connection", async () => {
    expect(await writeOneEvent('writer-thread', 'thread_written')).toEqual([LOG_WRITER_APPLICATION_NAME]);
  });
});
