import type { TargetAddressCheck } from '../../../src/application/alerts/ports/target-address-check.js';

/** Calls a URL private when its host is one of those named; remembers every URL it was asked about. */
export class FakeTargetAddressCheck implements TargetAddressCheck {
  readonly asked: string[] = [];
  private readonly privateHosts: Set<string>;

  constructor(privateHosts: readonly string[] = []) {
    this.privateHosts = new Set(privateHosts);
  }

  async check(url: string): Promise<'allowed' | 'private'> {
    this.asked.push(url);
    return this.privateHosts.has(new URL(url).hostname) ? 'private' : 'allowed';
  }
}
