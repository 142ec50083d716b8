import type { ServiceIdentifier } from 'inversify';

/** Makes a webhook's signing secret: at least 256 random bits, base64url. */
export interface ChannelSecretGenerator {
  next(): string;
}
export const ChannelSecretGenerator = Symbol.for('ChannelSecretGenerator') as ServiceIdentifier<ChannelSecretGenerator>;
