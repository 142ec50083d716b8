import { type EntityManager, TransactionContext } from '@mikro-orm/postgresql';
import { onPooledConnection, type PooledConnection, resultsOf, type SqlRead } from './select-rows.js';

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
    const session = new TimedSession(connection, `begin read only; ${timeoutSetting}`, (sql, params) => em.getPlatform().formatQuery(sql, [...params]));
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
    private readonly opening: string,
    private readonly inline: (sql: string, params: readonly unknown[]) => string,
  ) {}

  readonly read: SqlRead = (sql, params) => this.enqueue(this.inline(sql, params), false);

  readonly readLast: SqlRead = (sql, params) => this.enqueue(this.inline(sql, params), true);

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

  private enqueue(text: string, last: boolean): Promise<Rows> {
    if (this.closed || this.ended) return Promise.reject(new Error('The timed reads have ended: no read after the last one'));
    return new Promise((resolve, reject) => {
      this.queue.push({ text, last, resolve, reject });
      if (this.queue.length === 1 && !this.inFlight) queueMicrotask(() => this.send());
    });
  }

  private send(): void {
    const batch = this.queue;
    if (batch.length === 0) return;
    this.queue = [];
    if (this.ended) {
      // Rolled back meanwhile (the other reads of a Promise.all failed): a read now would run outside the transaction.
      for (const pending of batch) pending.reject(new Error('The timed reads have ended: no read after the last one'));
      return;
    }
    this.inFlight = true;
    const opening = this.begun ? [] : [this.opening];
    this.begun = true;
    const closing = batch.some((pending) => pending.last) ? ['commit'] : [];
    if (closing.length > 0) this.closed = true;
    const text = [...opening, ...batch.map((pending) => pending.text), ...closing].join(';\n');
    resultsOf(this.connection, text).then(
      (results) => {
        // `begin` and `set local` answer one (empty) result each, as `commit` does.
        const first = opening.length === 0 ? 0 : 2;
        if (closing.length > 0) this.ended = true;
        batch.forEach((pending, i) => pending.resolve(results[first + i] ?? []));
        this.afterBatch();
      },
      (error: unknown) => {
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
