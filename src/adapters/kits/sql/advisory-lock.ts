import pg from 'pg';

/**
 * Runs `work` while this process holds the session-level advisory lock `key`, taken on a connection of its own, so
 * instances of the service starting together do `work` one after the other (schema changes made by two at once can
 * deadlock). `work` may use that connection.
 */
export async function underAdvisoryLock<T>(databaseUrl: string, key: number, work: (lock: pg.Client) => Promise<T>): Promise<T> {
  const lock = new pg.Client({ connectionString: databaseUrl });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [key]);
    return await work(lock);
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [key]).catch(() => undefined);
    await lock.end().catch(() => undefined);
  }
}
