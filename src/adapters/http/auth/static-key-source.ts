import type { KeyObject } from 'node:crypto';
import type { JwtKeySource } from './jwt-key-source.js';

/** One configured verification key (a shared secret or a public key), whatever the token's `kid`. */
export class StaticKeySource implements JwtKeySource {
  constructor(private readonly key: KeyObject) {}
  keyFor(): Promise<KeyObject> {
    return Promise.resolve(this.key);
  }
}
