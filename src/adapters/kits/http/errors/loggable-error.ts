/**
 * What an `api_error` event may say about an unexpected error. knex prefixes a failed query's message with the
 * statement and its values inlined (MikroORM's DriverException keeps that text and repeats it in the stack), and
 * PostgreSQL's own text can quote a value too (`invalid input syntax for type integer: "..."`). Either way a user's
 * subject, e-mail or data would land in the log table, so a database error is reduced to its class, SQLSTATE and
 * the schema names PostgreSQL reports (identifiers, never values), plus the stack frames.
 */
export interface LoggableError {
  message: string;
  stack?: string;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;
/**
 * A statement somewhere in a message: knex's prefix also comes with connection errors that carry no SQLSTATE.
 * Broad on purpose; an ordinary message that happens to match only loses its text, the stack frames stay.
 */
const LOOKS_LIKE_SQL = /\b(select|insert|update|delete)\b[\s\S]*\b(from|into|set|values|returning)\b/i;
/** pg's fields that name schema objects; `detail`, `where` and `internalQuery` can hold values and are never read. */
const SCHEMA_FIELDS = ['table', 'column', 'constraint'] as const;

export function loggableError(error: unknown): LoggableError {
  const err = error instanceof Error ? error : new Error(String(error));
  const database = databaseErrorIn(err);
  if (!database && !LOOKS_LIKE_SQL.test(err.message)) return { message: err.message, stack: err.stack };
  const message = `${err.name}: ${summarise(database)}`;
  return { message, stack: `${message}${framesOf(err.stack)}` };
}

/** The error itself or one it wraps (`cause`, MikroORM's `previous`) that came from the database server. */
function databaseErrorIn(error: Error): Record<string, unknown> | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth++) {
    const fields = current as Record<string, unknown>;
    if (typeof fields.sqlState === 'string' || (typeof fields.code === 'string' && SQLSTATE.test(fields.code))) return fields;
    current = fields.previous ?? fields.cause;
  }
  return null;
}

function summarise(database: Record<string, unknown> | null): string {
  if (!database) return 'database error (statement and values withheld)';
  const state = typeof database.sqlState === 'string' ? database.sqlState : String(database.code);
  const names = SCHEMA_FIELDS.filter((f) => typeof database[f] === 'string').map((f) => `${f} ${String(database[f])}`);
  return `database error, SQLSTATE ${[state, ...names].join(', ')} (statement and values withheld)`;
}

/** Only the `at ...` lines: they name functions and files, while the header repeats the message. */
function framesOf(stack: string | undefined): string {
  const frames = (stack ?? '').split('\n').filter((line) => line.trim().startsWith('at '));
  return frames.length > 0 ? `\n${frames.join('\n')}` : '';
}
