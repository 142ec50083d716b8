import type { DomainErrorCode } from '../../../../domain/shared/domain-error.js';

/** Every public error code: the domain's, and those only the HTTP edge raises. A closed set. */
export type ErrorCode =
  | DomainErrorCode
  | 'invalid_cursor'
  | 'unauthorized'
  | 'method_not_allowed'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'internal_error';

// The one table that turns stable error codes into HTTP statuses. Typed by the union, so a code without a
// status (or a status for a code that does not exist) is a compile error, never a silent 500.
export const STATUS_BY_CODE: Readonly<Record<ErrorCode, number>> = {
  validation_failed: 400,
  invalid_cursor: 400,
  unauthorized: 401,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
};

export function statusOf(code: ErrorCode): number {
  return STATUS_BY_CODE[code];
}
