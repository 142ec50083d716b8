import { addressOf, type Channel, ChannelNotFoundError, ChannelWithoutAddressError } from '../../domain/alerts/channel-settings.js';
import type { ChannelRepository } from './ports/channel-repository.js';
import type { ChannelDestination } from './ports/channel-sender.js';

/**
 * Where a user's channel sends now: its target, or the account's address for an e-mail channel without one, with a
 * webhook's secret. Throws ChannelNotFoundError (no such channel for this user) or ChannelWithoutAddressError.
 */
export async function destinationOf(channels: ChannelRepository, userId: number, channelId: number): Promise<ChannelDestination> {
  const channel = await channels.find(userId, channelId);
  if (!channel) throw new ChannelNotFoundError(channelId);
  return destinationOfFound(channels, userId, channel);
}

/** As destinationOf, for a channel already read; throws ChannelWithoutAddressError. */
export async function destinationOfFound(channels: ChannelRepository, userId: number, channel: Channel): Promise<ChannelDestination> {
  const target = addressOf(channel);
  if (target === null) throw new ChannelWithoutAddressError(channel.id);
  const secret = channel.kind === 'webhook' ? await channels.secretOf(userId, channel.id) : null;
  return { kind: channel.kind, target, secret };
}
