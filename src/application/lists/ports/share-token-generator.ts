import type { ServiceIdentifier } from 'inversify';

/** Makes unguessable share tokens (at least 128 random bits, base64url, never all digits). */
export interface ShareTokenGenerator {
  next(): string;
}
export const ShareTokenGenerator = Symbol.for('ShareTokenGenerator') as ServiceIdentifier<ShareTokenGenerator>;
