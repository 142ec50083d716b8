import { createHash } from 'node:crypto';
import { type EntityManager, TransactionContext } from '@mikro-orm/postgresql';
import type pg from 'pg';

interface QueryResult {
  rows: Array<Record<string, unknown>>;
}
type QueryCallback = (error: Error | null, result: QueryResult | QueryResult[]) => void;

/**
 * A read with `?` placeholders and its rows: selectRows bound to one entity manager, or to one connection's session.
 * `how.prepare` marks a statement of a fixed text (its values all in `params`) read on every request: a session that can
 * prepares it once per connection (timed-reads.ts); other reads run it as they run any.
 */
export type SqlRead = (sql: string, params: readonly unknown[], how?: ReadHow) => Promise<Array<Record<string, unknown>>>;

export interface ReadHow {
  prepare?: boolean;
}
type TypeParser = (text: string) => unknown;

interface QueryConfig {
  text: string;
  name?: string;
  values?: unknown[];
  types: { getTypeParser(oid: number, format?: string): TypeParser };
}

export interface PooledConnection {
  query(config: QueryConfig, callback: QueryCallback): void;
  getTypeParser(oid: number, format?: string): TypeParser;
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
  return onPooledConnection(em, (connection) => rowsOf(connection, { text: em.getPlatform().formatQuery(sql, params) }));
}

/**
 * selectRows for a large statement on a hot path, as a named prepared statement of the pooled connection: parsed
 * and planned once per connection and text (after PostgreSQL's first five custom plans, its generic plan when that
 * is no costlier), where an inlined statement is planned again on every call — milliseconds for the priced wishes
 * page. The statement's `?` placeholders become `$n` (no `?` operator may appear in it); its values travel as bind
 * parameters. Each distinct text is one prepared statement per connection, so callers keep their texts few (built
 * from a handful of shapes, never from values). Inside a transaction it falls back to selectRows.
 */
export async function selectPrepared(em: EntityManager, sql: string, params: readonly unknown[]): Promise<Array<Record<string, unknown>>> {
  if (TransactionContext.getEntityManager(em.name)?.getTransactionContext()) return selectRows(em, sql, params);
  const { name, text } = preparedOf(sql);
  return onPooledConnection(em, (connection) => rowsOf(connection, { name, text, values: [...params] }));
}

/** Statement texts seen, with their numbered form and name; cleared when full (callers keep their texts few). */
const preparedTexts = new Map<string, { name: string; text: string }>();
const PREPARED_TEXTS_MAX = 512;

/**
 * A statement's numbered text and its name, worked out once per text. A builder that hands back the same string for
 * the same shape (pricedWishesStatement) makes this a lookup without hashing the text again, and the page then
 * allocates none of its ~25 KB again.
 */
export function preparedOf(sql: string): { name: string; text: string } {
  let prepared = preparedTexts.get(sql);
  if (prepared === undefined) {
    if (preparedTexts.size >= PREPARED_TEXTS_MAX) preparedTexts.clear();
    const text = numberedPlaceholders(sql);
    prepared = { name: `sw_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`, text };
    preparedTexts.set(sql, prepared);
  }
  return prepared;
}

/** PostgreSQL's `int8`: the driver's own parser hands its text back unchanged, after testing it with a new RegExp. */
const INT8_OID = 20;
const asText: TypeParser = (text) => text;

/**
 * The rows of one query, read with as little garbage as the driver allows, since list pages read thousands of values
 * (Node's young-generation collections then land in fewer requests):
 * - the callback form of `query`: its promise form leaves the rows it read reachable for the young generation's
 *   collections until the next full one (measured: each page of 100 priced wishes promoted its ~150 KB of rows to the
 *   old generation; with the callback, ~25 KB);
 * - `int8` as the text the driver's parser would give back anyway (bigint ids and amounts arrive as strings, as
 *   everywhere in these repositories), without its RegExp per value; every other type as the connection parses it.
 */
export function rowsOf(connection: PooledConnection, statement: { text: string; name?: string; values?: unknown[] }): Promise<Array<Record<string, unknown>>> {
  const config: QueryConfig = { text: statement.text, name: statement.name, values: statement.values, types: typesOf(connection) };
  return new Promise((resolve, reject) => connection.query(config, (error, result) => (error ? reject(error) : resolve((result as QueryResult).rows))));
}

/**
 * The rows of each statement of one simple query holding several (`a; b; c`, no bind parameters), in order, read as
 * rowsOf reads them: one round trip for all of them.
 */
export function resultsOf(connection: PooledConnection, text: string): Promise<Array<Array<Record<string, unknown>>>> {
  return new Promise((resolve, reject) =>
    connection.query({ text, types: typesOf(connection) }, (error, result) => {
      if (error) return reject(error);
      resolve(Array.isArray(result) ? result.map((each) => each.rows) : [result.rows]);
    }),
  );
}

function typesOf(connection: PooledConnection): QueryConfig['types'] {
  return { getTypeParser: (oid: number, format?: string) => (oid === INT8_OID && format !== 'binary' ? asText : connection.getTypeParser(oid, format)) };
}

/** `?` placeholders as `$1`, `$2`, … in order. */
export function numberedPlaceholders(sql: string): string {
  let next = 0;
  return sql.replace(/\?/g, () => `$${++next}`);
}

/** A query's rows as arrays (`rowMode: 'array'`), through the driver's callback form for the reason rowsOf gives. */
export function arrayRowsOf<R extends unknown[]>(client: pg.ClientBase, config: pg.QueryArrayConfig): Promise<R[]> {
  return new Promise((resolve, reject) => client.query<R>(config, (error, result) => (error ? reject(error) : resolve(result.rows))));
}

/**
 * Runs `run` with a pooled connection as the driver's client (knex pools `pg.Client`s), outside any transaction, for
 * what only the driver does: COPY (pg-copy-streams). `run` must leave the connection ready for the next statement
 * (COPY does, after an error too). A failure rejects with the ORM's converted exception, as `em.execute` does.
 */
export async function onPooledClient<T>(em: EntityManager, run: (client: pg.ClientBase) => Promise<T>): Promise<T> {
  return onPooledConnection(em, (connection) => run(connection as unknown as pg.ClientBase));
}

export async function onPooledConnection<T>(em: EntityManager, run: (connection: PooledConnection) => Promise<T>): Promise<T> {
  const client = em.getConnection().getKnex().client as KnexClient;
  const connection = await client.acquireConnection();
  try {
    return await run(connection);
  } catch (error) {
    throw em.getPlatform().getExceptionConverter().convertException(error as Error);
  } finally {
    await client.releaseConnection(connection);
  }
}

interface RawRunner {
  raw(sql: string, bindings: readonly unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>;
}

/**
 * Runs one statement with `?` placeholders whose values travel as bind parameters (knex sends them to PostgreSQL
 * as they are), inside the unit of work's transaction when there is one. For large values — a whole import as one
 * JSON text — `em.execute` would escape them into the SQL text character by character, which costs time and leaves
 * tens of megabytes of garbage per statement.
 */
export async function executeBound(em: EntityManager, sql: string, values: readonly unknown[]): Promise<Array<Record<string, unknown>>> {
  const transaction = TransactionContext.getEntityManager(em.name)?.getTransactionContext() ?? em.getTransactionContext();
  const runner = (transaction ?? em.getConnection().getKnex()) as unknown as RawRunner;
  try {
    return (await runner.raw(sql, values)).rows;
  } catch (error) {
    throw em.getPlatform().getExceptionConverter().convertException(error as Error);
  }
}
