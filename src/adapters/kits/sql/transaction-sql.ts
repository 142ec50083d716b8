import { type EntityManager, TransactionContext } from '@mikro-orm/postgresql';

/** Runs one `$1`-style statement; what a library that issues its own SQL (the job queue) is given to run it. */
export interface SqlExecutor {
  executeSql(text: string, values: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>;
}

interface PgConnection {
  query(text: string, values?: readonly unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>;
}

interface ConnectionSource {
  acquireConnection(): Promise<PgConnection>;
  releaseConnection(connection: PgConnection): Promise<unknown>;
}

/**
 * Statements on the unit of work's transaction when one is open — so a job queued by a use case commits or rolls
 * back with the rows it is about — else on a pooled connection. knex's transaction client hands out the
 * transaction's own connection and keeps it on release.
 */
export function sqlOnCurrentTransaction(em: EntityManager): SqlExecutor {
  return {
    async executeSql(text, values) {
      const transaction = TransactionContext.getEntityManager(em.name)?.getTransactionContext() ?? em.getTransactionContext();
      const source = ((transaction as { client?: ConnectionSource } | undefined)?.client ?? em.getConnection().getKnex().client) as ConnectionSource;
      const connection = await source.acquireConnection();
      try {
        return { rows: (await connection.query(text, values)).rows };
      } finally {
        await source.releaseConnection(connection);
      }
    },
  };
}
