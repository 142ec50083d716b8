import { randomBytes } from 'node:crypto';
import { injectable } from 'inversify';
import type { ShareTokenGenerator } from '../../application/lists/ports/share-token-generator.js';

/** 192 random bits as base64url (32 characters); redrawn in the (astronomically rare) all-digit case. */
@injectable()
export class CryptoShareTokenGenerator implements ShareTokenGenerator {
  next(): string {
    for (;;) {
      const token = randomBytes(24).toString('base64url');
      if (!/^\d+$/.test(token)) return token;
    }
  }
}
