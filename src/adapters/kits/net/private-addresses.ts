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
  ['100::', 64], // discard-only
  ['2001:db8::', 32], // documentation
  ['64:ff9b:1::', 48], // local-use NAT64: its IPv4 part depends on a local prefix length, so all of it
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still routed inside some networks)
  ['ff00::', 8], // multicast
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv6');
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part allowed), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase();
  const dotted = /^(.*:)(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const bytes = dotted.slice(2).map(Number);
    if (bytes.some((b) => b > 255)) return null;
    text = `${dotted[1]}${((bytes[0]! << 8) | bytes[1]!).toString(16)}:${((bytes[2]! << 8) | bytes[3]!).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string): number[] => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...new Array<number>(halves.length === 2 ? missing : 0).fill(0), ...tail];
  return groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

const ipv4Of = (high: number, low: number): string => [high >> 8, high & 255, low >> 8, low & 255].join('.');

/**
 * An IPv4 address carried inside an IPv6 one, by every scheme a router or the kernel may act on: mapped
 * (`::ffff:0:0/96`), compatible (`::/96`), SIIT (`::ffff:0:0:0/96`), NAT64 (`64:ff9b::/96`), 6to4 (`2002::/16`) and
 * Teredo (`2001::/32`, the client address inverted); else null. A check of the IPv6 ranges alone lets
 * `[::127.0.0.1]` or `[2002:7f00:1::]` reach this host.
 */
function embeddedIpv4(address: string): string | null {
  const g = ipv6Groups(address);
  if (!g) return null;
  const zero = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zero(0, 5) && g[5] === 0xffff) return ipv4Of(g[6]!, g[7]!);
  if (zero(0, 4) && g[4] === 0xffff && g[5] === 0) return ipv4Of(g[6]!, g[7]!);
  if (zero(0, 6) && (g[6] !== 0 || g[7]! > 1)) return ipv4Of(g[6]!, g[7]!);
  if (g[0] === 0x64 && g[1] === 0xff9b && zero(2, 6)) return ipv4Of(g[6]!, g[7]!);
  if (g[0] === 0x2002) return ipv4Of(g[1]!, g[2]!);
  if (g[0] === 0x2001 && g[1] === 0) return ipv4Of(g[6]! ^ 0xffff, g[7]! ^ 0xffff);
  return null;
}

/** Whether an IP address (v4 or v6, as text) is loopback, private, link-local, unique-local or otherwise internal. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const kind = isIP(bare);
  if (kind === 4) return PRIVATE.check(bare, 'ipv4');
  if (kind === 6) {
    if (PRIVATE.check(bare, 'ipv6')) return true;
    const v4 = embeddedIpv4(bare);
    return v4 !== null && PRIVATE.check(v4, 'ipv4');
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
