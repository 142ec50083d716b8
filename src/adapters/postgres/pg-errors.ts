// Recognises PostgreSQL failures by SQLSTATE, whichever layer (pg, knex, MikroORM) wrapped them.

function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown; previous?: unknown }).previous ?? (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function constraintOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
    current = (current as { previous?: unknown }).previous ?? (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  return sqlState(error) === '23505' && (constraint === undefined || constraintOf(error) === constraint);
}

/** A statement cancelled by `statement_timeout` (or a cancel request): 57014. */
export function isQueryCanceled(error: unknown): boolean {
  return sqlState(error) === '57014';
}

/** A foreign key refused the write: 23503, or 23001 for `on delete restrict`. */
export function isForeignKeyViolation(error: unknown): boolean {
  const state = sqlState(error);
  return state === '23503' || state === '23001';
}

const CONNECTION_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH']);

/** True when the database cannot be reached (down, restarting, refusing, or the pool cannot connect). */
export function isDatabaseUnavailable(error: unknown): boolean {
  const state = sqlState(error);
  // Class 08 connection failures and server shutdowns; not 08P01 (protocol violation), which a bad value can cause.
  if (state && ((state.startsWith('08') && state !== '08P01') || state === '57P01' || state === '57P02' || state === '57P03')) return true;
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && CONNECTION_ERROR_CODES.has(code)) return true;
    // knex ends a transaction whose connection died and answers its next statement with "Transaction query already
    // complete" (no cause attached); nothing else here runs a statement in a finished transaction.
    if (
      typeof message === 'string' &&
      /Connection terminated|Timeout acquiring a connection|connect ECONNREFUSED|Client has encountered a connection error|the database system is (starting up|shutting down)|Transaction query already complete/i.test(
        message,
      )
    ) {
      return true;
    }
    current = (current as { previous?: unknown }).previous ?? (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The database's own words for an error, without the SQL text that knex and MikroORM put in front of them. */
export function databaseMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const separator = message.lastIndexOf(' - ');
  return separator >= 0 ? message.slice(separator + 3) : message;
}
