import { BlockList, isIP } from 'node:net';

// Addresses a request from the outside world must never be steered to: this host, the local networks, and the
// cloud metadata services (169.254.169.254 is link-local; fd00:ec2::254 is unique-local).
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127], // unspecified and loopback
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv6');
}

/** An IPv4 address written inside an IPv6 one (`::ffff:127.0.0.1`, NAT64 `64:ff9b::7f00:1`), else null. */
function embeddedIpv4(address: string): string | null {
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return null;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether an IP address (v4 or v6, as text) is loopback, private, link-local, unique-local or otherwise internal. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const kind = isIP(bare);
  if (kind === 4) return PRIVATE.check(bare, 'ipv4');
  if (kind === 6) {
    const v4 = embeddedIpv4(bare);
    return v4 !== null ? PRIVATE.check(v4, 'ipv4') : PRIVATE.check(bare, 'ipv6');
  }
  return false;
}

/**
 * Whether a URL's host names this machine or a local network by itself: `localhost` or a private IP literal. An
 * operator who points a store or a source at such a host (the demonstration servers, a local mirror) means it.
 */
export function isPrivateHost(hostname: string, isPrivate: (address: string) => boolean = isPrivateAddress): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || (isIP(host) !== 0 && isPrivate(host));
}
