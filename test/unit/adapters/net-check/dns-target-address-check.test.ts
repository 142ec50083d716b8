// Where a channel target may point: IP literals judged without DNS, names by every address they resolve to, a name
// that does not resolve accepted (each delivery checks again), everything allowed with CHANNEL_ALLOW_PRIVATE=on.
import { describe, expect, it } from 'vitest';
import { DnsTargetAddressCheck, type LookupAll } from '../../../../src/adapters/net-check/dns-target-address-check.js';

/** A resolver answering from a table; an unknown name fails as ENOTFOUND. Remembers the names asked. */
function tableLookup(table: Record<string, string[]>): LookupAll & { asked: string[] } {
  const asked: string[] = [];
  const lookup = async (hostname: string) => {
    asked.push(hostname);
    const addresses = table[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address }));
  };
  return Object.assign(lookup, { asked });
}

const TABLE = {
  'hooks.example.org': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
  'intranet.example.org': ['10.0.0.1'],
  'split.example.org': ['93.184.215.14', '192.168.1.20'],
  'six.example.org': ['fd00::1'],
  'mapped.example.org': ['::ffff:127.0.0.1'],
};

describe('DnsTargetAddressCheck', () => {
  it.each([
    'http://127.0.0.1/',
    'http://127.1.2.3:8080/hook',
    'http://[::1]/',
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.1/',
    'http://172.16.5.4/',
    'http://192.168.0.10/',
    'http://[fd00::1]/',
    'http://[fe80::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[fd00:ec2::254]/',
    'http://0.0.0.0/',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://localhost:3000/',
    'http://LOCALHOST./',
    'http://api.localhost/',
    'http://metadata.google.internal/computeMetadata/v1/',
  ])('refuses %s without asking DNS', async (url) => {
    const lookup = tableLookup(TABLE);
    expect(await new DnsTargetAddressCheck(false, lookup).check(url)).toBe('private');
    expect(lookup.asked).toEqual([]);
  });

  it('allows a public IP literal without asking DNS', async () => {
    const lookup = tableLookup(TABLE);
    const check = new DnsTargetAddressCheck(false, lookup);
    expect(await check.check('https://93.184.215.14/hook')).toBe('allowed');
    expect(await check.check('https://[2606:4700::1111]/hook')).toBe('allowed');
    expect(lookup.asked).toEqual([]);
  });

  it('refuses a name when any address it resolves to is internal, and allows one that resolves to public addresses only', async () => {
    const lookup = tableLookup(TABLE);
    const check = new DnsTargetAddressCheck(false, lookup);
    expect(await check.check('https://hooks.example.org/shelfwatch')).toBe('allowed');
    expect(await check.check('https://intranet.example.org/hook')).toBe('private');
    expect(await check.check('https://split.example.org/hook')).toBe('private');
    expect(await check.check('https://six.example.org/hook')).toBe('private');
    expect(await check.check('https://mapped.example.org/hook')).toBe('private');
    expect(lookup.asked).toEqual(['hooks.example.org', 'intranet.example.org', 'split.example.org', 'six.example.org', 'mapped.example.org']);
  });

  it('allows a name that does not resolve, or whose resolver does not answer in time', async () => {
    expect(await new DnsTargetAddressCheck(false, tableLookup(TABLE)).check('https://no-such-host.invalid/hook')).toBe('allowed');
    const silent: LookupAll = () => new Promise(() => undefined);
    expect(await new DnsTargetAddressCheck(false, silent, 20).check('https://slow.example.org/hook')).toBe('allowed');
  });

  it('allows everything, without asking DNS, when the operator allows private targets', async () => {
    const lookup = tableLookup(TABLE);
    const check = new DnsTargetAddressCheck(true, lookup);
    for (const url of ['http://127.0.0.1/', 'http://[::1]/', 'http://169.254.169.254/', 'https://intranet.example.org/', 'http://localhost/']) {
      expect(await check.check(url)).toBe('allowed');
    }
    expect(lookup.asked).toEqual([]);
  });
});
