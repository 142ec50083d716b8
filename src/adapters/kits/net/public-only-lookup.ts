import type dns from 'node:dns';
import type { LookupFunction } from 'node:net';

/** A hop that would reach this machine or a local network from a public page. */
export class PrivateAddressError extends Error {
  override readonly name = 'PrivateAddressError';
}

/** A `lookup` for sockets that refuses a name resolving to any internal address. */
export function publicOnlyLookup(lookup: typeof dns.lookup, isPrivate: (address: string) => boolean): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses: dns.LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const refused = addresses.find((entry) => isPrivate(entry.address));
      if (refused !== undefined) {
        return callback(new PrivateAddressError(`refused to connect to ${hostname}: it resolves to a local or private address`), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
      const first = addresses[0];
      if (first === undefined) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
      callback(null, first.address, first.family);
    });
  };
}
