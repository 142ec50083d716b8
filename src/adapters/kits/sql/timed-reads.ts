import { type EntityManager, TransactionContext } from '@mikro-orm/postgresql';
import { onPooledConnection, type PooledConnection, preparedOf, type ReadHow, resultsOf, type SqlRead } from './select-rows.js';

type Rows = Array<Record<string, unknown>>;

/** The reads of one timed session: `readLast` is the session's last read, its commit travelling with it. */
export interface TimedReads {
  read: SqlRead;
  readLast: SqlRead;
}

/**
 * Runs `work`'s reads in one read-only transaction whose statements are cancelled after `timeoutMs`
 * (`set local statement_timeout`), on one pooled connection and through the driver alone: the reads of a search,
 * which must not hold a connection for long. Round trips are what a search costs the service most (each one a write
 * to the database's socket and a wake-up), so the session sends as few as it can: `begin` and `set local` travel
 * with the first reads, reads asked for at the same moment (`Promise.all`) travel together as one simple query, and
 * `commit` travels with `readLast` (else after the work). None of the ORM's transaction machinery either: a search
 * spent more of the service's CPU there than in the driver. The reads' SQL is what selectRows sends (values inlined
 * by the ORM's platform). Inside the unit of work's transaction the reads join it, in a savepoint, through the entity
 * manager. A failure rejects with the ORM's converted exception, as `em.execute` does.
 *
 * PostgreSQL 13 and later time each statement of a simple query on its own, so the timeout set at the start of one
 * applies to the reads after it in the same query.
 *
 * A read marked `prepare` is sent as `execute` of a statement the connection prepared with SQL's `prepare` the first
 * time it was read there (in the same simple query): PostgreSQL then parses and plans its text once per connection
 * (after its first five custom plans, a generic plan when that is no costlier), where an inlined read is planned on
 * every call — at 10M books, 0.55 against 0.23 ms for a search's page of rows. Such reads must keep a plan that does
 * not hang on their values (no row count that pins the plan as a value). Measured and not kept: preparing the first
 * reads of a search too (its title probe, its author words) made the inlined read after them with an author surname's
 * 4,116 listed ids plan three times slower in the same transaction (1.5 → 4.5 ms): a search prepares its last read only.
 */
export async function readsWithTimeout<T>(em: EntityManager, timeoutMs: number, work: (reads: TimedReads) => Promise<T>): Promise<T> {
  const timeoutSetting = `set local statement_timeout = ${Math.trunc(timeoutMs)}`;
  if (TransactionContext.getEntityManager(em.name)?.getTransactionContext()) {
    return em.transactional(async (tx) => {
      await tx.execute(timeoutSetting);
      const read: SqlRead = (sql, params) => tx.execute(sql, [...params]);
      return work({ read, readLast: read });
    });
  }
  return onPooledConnection(em, async (connection) => {
    const session = new TimedSession(connection, ['begin read only', timeoutSetting], (sql, params) => em.getPlatform().formatQuery(sql, [...params]));
    try {
      const result = await work({ read: session.read, readLast: session.readLast });
      await session.end();
      return result;
    } catch (error) {
      await session.rollBack();
      throw error;
    }
  });
}

interface Pending {
  text: string;
  /** The `prepare` that must run before `text`, the first time the connection reads it. */
  prepare: string | null;
  /** readLast's: the commit travels with it. */
  last: boolean;
  resolve: (rows: Rows) => void;
  reject: (error: unknown) => void;
}

/** One connection's transaction: reads queued within a turn of the event loop go out together. */
class TimedSession {
  private queue: Pending[] = [];
  private inFlight = false;
  private begun = false;
  /** The last read has been sent: nothing may follow it. */
  private closed = false;
  /** Committed or rolled back. */
  private ended = false;

  constructor(
    private readonly connection: PooledConnection,
    private readonly opening: readonly string[],
    private readonly inline: (sql: string, params: readonly unknown[]) => string,
  ) {}

  readonly read: SqlRead = (sql, params, how) => this.enqueue(sql, params, how, false);

  readonly readLast: SqlRead = (sql, params, how) => this.enqueue(sql, params, how, true);

  /** Commits, unless the last read already did (or nothing was read). */
  async end(): Promise<void> {
    if (this.begun && !this.ended) await resultsOf(this.connection, 'commit');
    this.ended = true;
  }

  /**
   * Ends a failed transaction before the connection goes back to the pool; a connection that cannot even roll back is
   * closed, so the pool never hands out one still inside a transaction.
   */
  async rollBack(): Promise<void> {
    if (!this.begun || this.ended) return;
    this.ended = true;
    try {
      await resultsOf(this.connection, 'rollback');
    } catch {
      await (this.connection as unknown as { end(): Promise<void> }).end().catch(() => undefined);
    }
  }

  /** `execute` of the connection's prepared statement of `sql`, with the `prepare` it needs first when it has none yet. */
  private executed(sql: string, params: readonly unknown[]): { text: string; prepare: string | null } {
    const statement = preparedOf(sql);
    const prepared = preparedOn(this.connection);
    const name = prepared.nameOf(statement.name);
    const text = this.inline(params.length === 0 ? `execute ${name}` : `execute ${name}(${params.map(() => '?').join(', ')})`, params);
    return { text, prepare: prepared.add(name) ? `prepare ${name} as ${statement.text}` : null };
  }

  private enqueue(sql: string, params: readonly unknown[], how: ReadHow | undefined, last: boolean): Promise<Rows> {
    if (this.closed || this.ended) return Promise.reject(new Error('The timed reads have ended: no read after the last one'));
    const { text, prepare } = how?.prepare === true ? this.executed(sql, params) : { text: this.inline(sql, params), prepare: null };
    return new Promise((resolve, reject) => {
      this.queue.push({ text, prepare, last, resolve, reject });
      if (this.queue.length === 1 && !this.inFlight) queueMicrotask(() => this.send());
    });
  }

  private send(): void {
    const batch = this.queue;
    if (batch.length === 0) return;
    this.queue = [];
    if (this.ended) {
      // Rolled back meanwhile (the other reads of a Promise.all failed): a read now would run outside the transaction.
      // Its `prepare`, noted when it was queued, is never sent: the connection names its next statements afresh.
      if (batch.some((pending) => pending.prepare !== null)) preparedOn(this.connection).renew();
      for (const pending of batch) pending.reject(new Error('The timed reads have ended: no read after the last one'));
      return;
    }
    this.inFlight = true;
    const opening = this.begun ? [] : this.opening;
    this.begun = true;
    const closing = batch.some((pending) => pending.last) ? ['commit'] : [];
    if (closing.length > 0) this.closed = true;
    // `begin`, `set local`, `prepare` and `commit` answer one (empty) result each: each read's is found by its place.
    const statements = [...opening];
    const places = batch.map((pending) => {
      if (pending.prepare !== null) statements.push(pending.prepare);
      return statements.push(pending.text) - 1;
    });
    statements.push(...closing);
    resultsOf(this.connection, statements.join(';\n')).then(
      (results) => {
        if (closing.length > 0) this.ended = true;
        batch.forEach((pending, i) => pending.resolve(results[places[i] as number] ?? []));
        this.afterBatch();
      },
      (error: unknown) => {
        // Which of the batch's statements were prepared before the failure is unknown: the connection names its next
        // ones afresh.
        if (batch.some((pending) => pending.prepare !== null)) preparedOn(this.connection).renew();
        for (const pending of batch) pending.reject(error);
        this.afterBatch();
      },
    );
  }

  private afterBatch(): void {
    this.inFlight = false;
    if (this.queue.length > 0) this.send();
  }
}

/**
 * The statements a connection prepared for timed reads. Their names carry a generation: after a batch that failed with a
 * `prepare` in it, whether that statement exists is unknown, so the connection's next ones take new names (one left
 * behind costs the session a little memory, never an error). The suffix keeps them apart from the driver's named
 * statements of the same text (select-rows.ts's preparedOf names them).
 */
class PreparedStatements {
  private generation = 0;
  private readonly names = new Set<string>();

  /** The name of the statement the driver would name `driverName`, as prepared here. */
  nameOf(driverName: string): string {
    return `${driverName}_t${this.generation}`;
  }

  /** Notes `name` as prepared; false when it already was. */
  add(name: string): boolean {
    if (this.names.has(name)) return false;
    this.names.add(name);
    return true;
  }

  renew(): void {
    this.generation++;
    this.names.clear();
  }
}

const preparedByConnection = new WeakMap<PooledConnection, PreparedStatements>();

function preparedOn(connection: PooledConnection): PreparedStatements {
  let prepared = preparedByConnection.get(connection);
  if (prepared === undefined) {
    prepared = new PreparedStatements();
    preparedByConnection.set(connection, prepared);
  }
  return prepared;
}
