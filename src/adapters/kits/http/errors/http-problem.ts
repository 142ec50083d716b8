import type { FieldProblem } from '../../../../domain/shared/domain-error.js';
import type { ErrorCode } from './error-table.js';

/** An error that only exists at the HTTP edge (auth, routing, media types, cursors). */
export class HttpProblem extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly details?: FieldProblem[],
  ) {
    super(message);
    this.name = 'HttpProblem';
  }
}
