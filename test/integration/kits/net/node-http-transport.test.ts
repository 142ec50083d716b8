// The store fetch's transport over real local servers: a public page can never steer it to this machine or a local
// network, by a redirect to an address or to a name resolving to one; an operator's local start URL may.
import dns from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeHttpTransport, PrivateAddressError } from '../../../../src/adapters/kits/net/node-http-transport.js';

let target: http.Server;
let redirector: http.Server;
let targetPort: number;
let redirectorPort: number;

/** In these tests 127.0.0.1 plays a public host and 127.0.0.2 an internal one (both are this machine). */
const isPrivate = (address: string): boolean => address === '127.0.0.2';

/** Resolves `internal.test` to the internal address and `public.test` to the "public" one. */
const lookup = ((hostname: string, options: dns.LookupAllOptions, callback: (e: NodeJS.ErrnoException | null, a: dns.LookupAddress[]) => void) => {
  const address = hostname === 'internal.test' ? '127.0.0.2' : hostname === 'public.test' ? '127.0.0.1' : null;
  if (address === null) return callback(Object.assign(new Error(`unknown ${hostname}`), { code: 'ENOTFOUND' }), []);
  callback(null, [{ address, family: 4 }]);
}) as unknown as typeof dns.lookup;

async function listen(server: http.Server, host: string): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  target = http.createServer((_req, res) => res.end('internal secrets'));
  targetPort = await listen(target, '0.0.0.0');
  redirector = http.createServer((req, res) => {
    const to = new URL(req.url ?? '/', 'http://x').searchParams.get('to') ?? '/';
    res.writeHead(302, { location: to }).end();
  });
  redirectorPort = await listen(redirector, '127.0.0.1');
});
afterAll(async () => {
  await new Promise((resolve) => target.close(resolve));
  await new Promise((resolve) => redirector.close(resolve));
});

const via = (to: string): string => `http://127.0.0.1:${redirectorPort}/?to=${encodeURIComponent(to)}`;
const request = { headers: {}, timeoutMs: 5000 };

describe('nodeHttpTransport: no way from a public page to a local address', () => {
  const transport = nodeHttpTransport({ isPrivate, lookup });

  it('refuses a redirect to an internal address', async () => {
    await expect(transport.get(via(`http://127.0.0.2:${targetPort}/meta-data`), request)).rejects.toBeInstanceOf(PrivateAddressError);
  });

  it('refuses a redirect to a name that resolves to an internal address, checked when connecting', async () => {
    await expect(transport.get(via(`http://internal.test:${targetPort}/`), request)).rejects.toThrow(/resolves to a local or private address/);
  });

  it('follows a redirect to a public name', async () => {
    const response = await transport.get(via(`http://public.test:${targetPort}/`), request);
    expect(response.status).toBe(200);
    expect(await response.text(1000)).toBe('internal secrets');
  });

  it('fetches a local start URL the operator chose, and follows its redirects to local addresses', async () => {
    const real = nodeHttpTransport();
    const response = await real.get(`http://127.0.0.1:${redirectorPort}/?to=${encodeURIComponent(`http://127.0.0.2:${targetPort}/`)}`, request);
    expect(response.status).toBe(200);
  });
});
