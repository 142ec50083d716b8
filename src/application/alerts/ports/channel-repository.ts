import type { ServiceIdentifier } from 'inversify';
import type { Channel, ChannelSettings } from '../../../domain/alerts/channel-settings.js';
import type { PageRequest, PageSlice } from '../../../domain/shared/page.js';

/** The user's notification channels, oldest first; every method is scoped to the given user. */
export interface ChannelRepository {
  page(userId: number, request: PageRequest): Promise<PageSlice<Channel>>;
  find(userId: number, channelId: number): Promise<Channel | null>;
  /**
   * The user's channels, counted under a lock on the user held until the transaction ends: two creations at once
   * cannot both pass the per-user cap.
   */
  countForCreation(userId: number): Promise<number>;
  /** Stores a new channel with its webhook secret (null for the other kinds). */
  add(userId: number, settings: ChannelSettings, secret: string | null): Promise<Channel>;
  /** Replaces the channel's settings (its kind never changes); false when the user has no such channel. */
  update(userId: number, channelId: number, settings: ChannelSettings): Promise<boolean>;
  /** False when the user has no such channel. */
  remove(userId: number, channelId: number): Promise<boolean>;
  /** The webhook's signing secret; null for the other kinds or when the user has no such channel. */
  secretOf(userId: number, channelId: number): Promise<string | null>;
}
export const ChannelRepository = Symbol.for('ChannelRepository') as ServiceIdentifier<ChannelRepository>;
