import type { KeyObject } from 'node:crypto';

/** Gives the verification key for a token's `kid` (ignored by single-key sources). */
export interface JwtKeySource {
  keyFor(kid: string | undefined): Promise<KeyObject | null>;
}
