import { type EntityManager, TransactionContext } from '@mikro-orm/postgresql';

interface PooledConnection {
  query(text: string): Promise<{ rows: Array<Record<string, unknown>> }>;
}

interface KnexClient {
  acquireConnection(): Promise<PooledConnection>;
  releaseConnection(connection: PooledConnection): Promise<unknown>;
}

/**
 * Runs a read with `?` placeholders and returns its rows, as `em.execute` does, on the same pool and with the
 * same SQL text (MikroORM inlines the parameters), but without knex's query runner and MikroORM's query
 * wrapper: the hot path of every list page. Inside a transaction it uses `em.execute`, so the read sees
 * the transaction's writes.
 */
export async function selectRows(em: EntityManager, sql: string, params: readonly unknown[]): Promise<Array<Record<string, unknown>>> {
  if (TransactionContext.getEntityManager(em.name)?.getTransactionContext()) return em.execute(sql, [...params]);
  const platform = em.getPlatform();
  const text = platform.formatQuery(sql, params);
  const client = em.getConnection().getKnex().client as KnexClient;
  const connection = await client.acquireConnection();
  try {
    return (await connection.query(text)).rows;
  } catch (error) {
    throw platform.getExceptionConverter().convertException(error as Error);
  } finally {
    await client.releaseConnection(connection);
  }
}
