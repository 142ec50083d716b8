export const LOG_LEVELS = ['info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Known sources; the column is plain text so a new source needs no migration. */
export const KNOWN_LOG_SOURCES = ['api', 'scheduled_fetch', 'consolidation', 'alert', 'auth'] as const;
export type LogSource = (typeof KNOWN_LOG_SOURCES)[number] | (string & {});

/** One operational event, timestamped where it happens. */
export interface LogEvent {
  level: LogLevel;
  source: LogSource;
  event: string;
  detail: Record<string, unknown>;
  time: Date;
  /**
   * The instance that wrote it (INSTANCE_ID or its host name), stamped by this process's sink when left undefined;
   * null when a sender to the intake did not say.
   */
  instance?: string | null;
}

/** An instance's name, as INSTANCE_ID and the intake's `log_instance` take it. */
export const INSTANCE_NAME = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,62}$/;

export type AuthFailureReason =
  | 'missing_token'
  | 'malformed_token'
  | 'invalid_signature'
  | 'token_expired'
  | 'invalid_claims';

export function authFailed(reason: AuthFailureReason, time: Date): LogEvent {
  // Reason only: never the token, the subject or an e-mail address.
  return { level: 'warn', source: 'auth', event: 'auth_failed', detail: { reason }, time };
}

/** `request_id`: the answer's X-Request-Id, so a user's error report leads to this row. */
export function apiError(
  detail: { endpoint: string; status: number; message: string; stack?: string; request_id?: string },
  time: Date,
): LogEvent {
  return { level: 'error', source: 'api', event: 'api_error', detail, time };
}
