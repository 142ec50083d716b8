import type { ShareTokenGenerator } from '../../../src/application/lists/ports/share-token-generator.js';

/** Hands out `share-token-1`, `share-token-2`, … : predictable, never all digits, as the port requires. */
export class FakeShareTokenGenerator implements ShareTokenGenerator {
  issued = 0;

  next(): string {
    return `share-token-${++this.issued}`;
  }
}
