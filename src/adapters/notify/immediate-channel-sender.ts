import type { ChannelSender } from '../../application/alerts/ports/channel-sender.js';

/** A channel that takes each message as it comes; only e-mail gathers a day's messages into a digest. */
export type ImmediateChannelSender = Pick<ChannelSender, 'send' | 'sendTest'>;
