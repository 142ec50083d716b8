import { promises as dns } from 'node:dns';
import { isIP } from 'node:net';
import type { TargetAddressCheck } from '../../application/alerts/ports/target-address-check.js';
import { isPrivateAddress, isPrivateHost } from '../kits/net/private-addresses.js';

/** Every address a name resolves to (IPv4 and IPv6), as the system resolver answers. */
export type LookupAll = (hostname: string) => Promise<ReadonlyArray<{ address: string }>>;

const systemLookup: LookupAll = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

// Names of cloud metadata services, refused even where they do not resolve (they resolve only inside that cloud).
const METADATA_HOSTS = new Set(['metadata.google.internal', 'metadata.goog', 'instance-data', 'instance-data.ec2.internal']);

/** A name server that does not answer within this time leaves the name "unresolvable": accepted, checked at delivery. */
const LOOKUP_TIMEOUT_MS = 3000;

/**
 * The private-address rule for a channel target when it is saved: an IP literal is judged as it is, `localhost` and
 * metadata names are refused, any other name is resolved and refused when any of its addresses is internal. A name
 * that does not resolve is allowed (every delivery applies the rule again). CHANNEL_ALLOW_PRIVATE=on allows all.
 */
export class DnsTargetAddressCheck implements TargetAddressCheck {
  constructor(
    private readonly allowPrivate: boolean,
    private readonly lookup: LookupAll = systemLookup,
    private readonly timeoutMs = LOOKUP_TIMEOUT_MS,
  ) {}

  async check(url: string): Promise<'allowed' | 'private'> {
    if (this.allowPrivate) return 'allowed';
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
    if (isPrivateHost(host) || METADATA_HOSTS.has(host)) return 'private';
    if (isIP(host) !== 0) return 'allowed';
    const addresses = await this.resolve(host);
    return addresses.some((entry) => isPrivateAddress(entry.address)) ? 'private' : 'allowed';
  }

  private async resolve(host: string): Promise<ReadonlyArray<{ address: string }>> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('lookup timed out')), this.timeoutMs);
    });
    try {
      return await Promise.race([this.lookup(host), timeout]);
    } catch {
      return [];
    } finally {
      clearTimeout(timer);
    }
  }
}
