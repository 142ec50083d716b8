import { PrivateTargetError } from '../../domain/alerts/channel-settings.js';
import { hasUrlTarget } from '../../domain/alerts/channel-target.js';
import type { ChannelSettings } from '../../domain/alerts/channel-settings.js';
import type { TargetAddressCheck } from './ports/target-address-check.js';

/** Throws PrivateTargetError when a URL target points inside the operator's network (unless the operator allows it). */
export async function refusePrivateTarget(addresses: TargetAddressCheck, settings: ChannelSettings): Promise<void> {
  if (!hasUrlTarget(settings.kind) || settings.target === null) return;
  if ((await addresses.check(settings.target)) === 'private') throw new PrivateTargetError();
}
