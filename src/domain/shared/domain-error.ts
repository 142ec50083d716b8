/** Field-level detail of a validation failure; `field` is a JSON path such as `isbn` or `author_ids[1]`. */
export interface FieldProblem {
  field: string;
  message: string;
}

/** The codes the domain and the use cases raise: a closed set, so the HTTP table must name every one. */
export type DomainErrorCode = 'validation_failed' | 'not_found' | 'conflict' | 'payload_too_large' | 'rate_limited' | 'service_unavailable';

/**
 * Base of every error the domain and the use cases raise on purpose. `code` is stable and public:
 * the HTTP adapter maps it to a status through one table.
 */
export abstract class DomainError extends Error {
  abstract readonly code: DomainErrorCode;
  readonly details?: FieldProblem[];

  constructor(message: string, details?: FieldProblem[]) {
    super(message);
    this.name = new.target.name;
    if (details) this.details = details;
  }
}

export class ValidationError extends DomainError {
  readonly code = 'validation_failed';
}

export class NotFoundError extends DomainError {
  readonly code = 'not_found';
  constructor(resource: string, id: number | string) {
    super(`${resource} ${id} does not exist`);
  }
}

export class ConflictError extends DomainError {
  readonly code = 'conflict';
}

/** The request carries more than a documented limit allows (rows in an import file): 413. */
export class TooLargeError extends DomainError {
  readonly code = 'payload_too_large';
}

export class RateLimitedError extends DomainError {
  readonly code = 'rate_limited';
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** Something the service depends on (a metadata source) cannot be reached now; the caller may retry later. */
export class ServiceUnavailableError extends DomainError {
  readonly code = 'service_unavailable';
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}
