import { ContainerModule } from 'inversify';
import type { ChannelsConfig } from '../../../config/config.js';
import { TargetAddressCheck } from '../../application/alerts/ports/target-address-check.js';
import { DnsTargetAddressCheck } from './dns-target-address-check.js';

/** Where users' channel targets may point, checked against DNS when a channel is saved. */
export const netCheckModule = (config: ChannelsConfig) =>
  new ContainerModule(({ bind }) => {
    bind(TargetAddressCheck).toConstantValue(new DnsTargetAddressCheck(config.allowPrivate));
  });
