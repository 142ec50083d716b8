import type { MikroORM } from '@mikro-orm/postgresql';
import type PgBoss from 'pg-boss';
import type { JobQueues } from '../adapters/scheduler/job-queues.js';

/** pg-boss on the service's database, every declared queue created. */
export interface StartedJobQueue {
  readonly boss: PgBoss;
  readonly queues: JobQueues;
}

/**
 * What the first phase of the boot started (boot.ts), handed to the second — the container — as constants: nothing
 * bound reads it later, nothing is resolved before it exists.
 */
export interface Started {
  readonly databaseUrl: string;
  /** Settles if the database this process runs died for good (an embedded one that could not be restarted). */
  readonly databaseLost: Promise<Error>;
  /** The key of the pagination cursors' integrity check: the database's own, the same on every instance. */
  readonly cursorKey: string;
  readonly orm: MikroORM;
  /** The API's and the job CLI's; null in the logging component and the log tools. */
  readonly jobQueue: StartedJobQueue | null;
  /** The HS256 secret in use (development tokens, the web sign-in); null with public-key verification, and outside the API. */
  readonly hsSecret: string | null;
}

/** The job queue of a process that starts one (the API, the job CLI). */
export function jobQueueOf(started: Started): StartedJobQueue {
  if (!started.jobQueue) throw new Error('this process did not start the job queue');
  return started.jobQueue;
}
