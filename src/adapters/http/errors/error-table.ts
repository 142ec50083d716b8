// The one table that turns stable error codes into HTTP statuses (C2).
export const STATUS_BY_CODE: Readonly<Record<string, number>> = {
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

export function statusOf(code: string): number {
  return STATUS_BY_CODE[code] ?? 500;
}
