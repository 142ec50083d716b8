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
