import { inject, injectable } from 'inversify';
import { destinationOf } from './channel-destination.js';
import { ChannelRepository } from './ports/channel-repository.js';
import { ChannelTestQueue } from './ports/channel-test-queue.js';

/**
 * The channel's test action: checks now that the channel exists and has somewhere to send (else 404, or a conflict
 * for an e-mail channel of an account without an address), then queues the message; a worker sends it.
 */
@injectable()
export class TestChannel {
  constructor(
    @inject(ChannelRepository) private readonly channels: ChannelRepository,
    @inject(ChannelTestQueue) private readonly queue: ChannelTestQueue,
  ) {}

  async execute(userId: number, channelId: number): Promise<void> {
    await destinationOf(this.channels, userId, channelId);
    await this.queue.enqueue({ userId, channelId });
  }
}
