import type { ServiceIdentifier } from 'inversify';
import type { ChannelRoute } from '../../../domain/alerts/channel-messages.js';

/** The enabled channels of some users, for planning their messages (set-based, whatever the number of users). */
export interface ChannelDirectory {
  enabledChannelsOf(userIds: readonly number[]): Promise<ChannelRoute[]>;
}
export const ChannelDirectory = Symbol.for('ChannelDirectory') as ServiceIdentifier<ChannelDirectory>;
