import { describe, expect, it } from 'vitest';
import { isPrivateAddress, isPrivateHost } from '../../../../../src/adapters/kits/net/private-addresses.js';

describe('isPrivateAddress', () => {
  it('knows loopback, private, link-local, metadata and unique-local addresses, in v4 and v6', () => {
    for (const address of [
      '127.0.0.1', '127.8.9.10', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '0.0.0.0',
      '100.64.0.1', '::1', '::', 'fe80::1', 'fd00:ec2::254', 'fc00::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:a9fe:a9fe',
      '64:ff9b::10.0.0.1', '[::1]', 'fe80::1%eth0', '224.0.0.1',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
  });

  it('knows an internal IPv4 address carried inside IPv6 by any scheme, and the deprecated or local-use ranges', () => {
    for (const address of [
      '::127.0.0.1', '[::127.0.0.1]', '::7f00:1', '::a00:1', // IPv4-compatible
      '::ffff:0:127.0.0.1', '::ffff:0:a9fe:a9fe', // SIIT
      '64:ff9b::7f00:1', '64:ff9b:1::7f00:1', '64:ff9b:1:abcd::1', // NAT64, local-use NAT64
      '2002:7f00:1::', '2002:a00:1::1', '2002:a9fe:a9fe::', // 6to4
      '2001:0:4136:e378:8000:63bf:80ff:fffe', // Teredo, client 127.0.0.1 (inverted)
      'fec0::1', 'fec0:0:0:ffff::1', '2001:db8::1', '100::1',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
  });

  it('lets a public IPv4 address carried inside IPv6 through', () => {
    for (const address of ['::8.8.8.8', '64:ff9b::808:808', '2002:808:808::1', '::ffff:0:8.8.8.8', '2001:0:4136:e378:8000:63bf:f7f7:f7f7']) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });

  it('lets public addresses through, and says nothing of names', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8', 'example.com']) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });
});

describe('isPrivateHost', () => {
  it('is true for localhost and private IP literals only', () => {
    expect(isPrivateHost('localhost')).toBe(true);
    expect(isPrivateHost('shop.localhost')).toBe(true);
    expect(isPrivateHost('127.0.0.1')).toBe(true);
    expect(isPrivateHost('[::1]')).toBe(true);
    expect(isPrivateHost('store.example')).toBe(false);
    expect(isPrivateHost('8.8.8.8')).toBe(false);
  });
});
