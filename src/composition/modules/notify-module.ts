import { ContainerModule } from 'inversify';
import type { AppConfig } from '../../../config/config.js';
import { ChannelSender } from '../../application/alerts/ports/channel-sender.js';
import { TargetAddressCheck } from '../../application/alerts/ports/target-address-check.js';
import { DnsTargetAddressCheck } from '../../adapters/net-check/dns-target-address-check.js';
import { channelSenders } from '../../adapters/notify/channel-senders.js';

/**
 * The users' alert channels: every kind behind one ChannelSender (e-mail through SMTP_URL, webhooks and ntfy over
 * HTTP), and where their targets may point, checked against DNS when a channel is saved; both refuse private
 * addresses unless CHANNEL_ALLOW_PRIVATE.
 */
export const notifyModule = (config: AppConfig) =>
  new ContainerModule(({ bind }) => {
    bind(ChannelSender).toConstantValue(channelSenders(config.mail, config.channels.allowPrivate));
    bind(TargetAddressCheck).toConstantValue(new DnsTargetAddressCheck(config.channels.allowPrivate));
  });
