import type { ServiceIdentifier } from 'inversify';

/**
 * Where a channel's URL points, checked when the channel is made or its target changed: `private` when its host is,
 * or resolves to, a loopback, private, link-local, unique-local or cloud-metadata address (and the operator has not
 * allowed such targets); `allowed` otherwise — including a host that does not resolve now, since every delivery
 * checks again.
 */
export interface TargetAddressCheck {
  check(url: string): Promise<'allowed' | 'private'>;
}
export const TargetAddressCheck = Symbol.for('TargetAddressCheck') as ServiceIdentifier<TargetAddressCheck>;
