import { randomBytes } from 'node:crypto';
import { injectable } from 'inversify';
import type { ChannelSecretGenerator } from '../../application/alerts/ports/channel-secret-generator.js';

/** 256 random bits as base64url (43 characters): a webhook's HMAC signing key. */
@injectable()
export class CryptoChannelSecretGenerator implements ChannelSecretGenerator {
  next(): string {
    return randomBytes(32).toString('base64url');
  }
}
