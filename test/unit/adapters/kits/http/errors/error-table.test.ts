// The one error table: exactly the documented codes and statuses, and every domain error lands on its status.
import { describe, expect, it } from 'vitest';
import { STATUS_BY_CODE, statusOf } from '../../../../../../src/adapters/kits/http/errors/error-table.js';
import {
  ConflictError,
  NotFoundError,
  RateLimitedError,
  ServiceUnavailableError,
  ValidationError,
} from '../../../../../../src/domain/shared/domain-error.js';

describe('STATUS_BY_CODE', () => {
  it('is the contract table, code for code', () => {
    expect(STATUS_BY_CODE).toEqual({
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
    });
  });

  it('gives every domain error its own status, never the 500 of the unexpected', () => {
    const errors = [
      new ValidationError('bad'),
      new NotFoundError('Book', 1),
      new ConflictError('twice'),
      new RateLimitedError('slow down', 5),
      new ServiceUnavailableError('away', 5),
    ];
    expect(errors.map((error) => statusOf(error.code))).toEqual([400, 404, 409, 429, 503]);
  });
});
