import type { ChannelSecretGenerator } from '../../../src/application/alerts/ports/channel-secret-generator.js';

/** Secrets `webhook-secret-1`, `webhook-secret-2`, …: predictable, and each one new. */
export class FakeChannelSecretGenerator implements ChannelSecretGenerator {
  private count = 0;

  next(): string {
    return `webhook-secret-${++this.count}`;
  }
}
