import type { MikroORM } from '@mikro-orm/postgresql';
import type PgBoss from 'pg-boss';

/**
 * What the boot sequence starts before anything that needs it can be resolved: the database, the ORM on it, the job
 * queue, and the HS256 secret kept beside an embedded database. Every module is loaded when the container is made;
 * the bindings that need these read them here when first resolved, which is after the boot.
 */
export class StartedResources {
  private database?: { url: string; lost: Promise<Error> };
  private openOrm?: MikroORM;
  private queue?: PgBoss;
  /** The HS256 secret in use (development tokens, the web sign-in), null with public-key verification. */
  hsSecret: string | null = null;
  private secretForCursors?: string;

  cursorKeyRead(key: string): void {
    this.secretForCursors = key;
  }

  /** The key of the pagination cursors' integrity check: the database's own, the same on every instance. */
  get cursorKey(): string {
    return this.started(this.secretForCursors, 'the cursor key');
  }

  databaseStarted(url: string, lost: Promise<Error>): void {
    this.database = { url, lost };
  }

  ormOpened(orm: MikroORM): void {
    this.openOrm = orm;
  }

  jobQueueStarted(boss: PgBoss): void {
    this.queue = boss;
  }

  get databaseUrl(): string {
    return this.started(this.database, 'the database').url;
  }

  /** Settles if the database this process runs died for good. */
  get databaseLost(): Promise<Error> {
    return this.started(this.database, 'the database').lost;
  }

  get orm(): MikroORM {
    return this.started(this.openOrm, 'the ORM');
  }

  get jobQueue(): PgBoss {
    return this.started(this.queue, 'the job queue');
  }

  private started<T>(value: T | undefined, what: string): T {
    if (value === undefined) throw new Error(`${what} is resolved before the boot sequence started it`);
    return value;
  }
}
