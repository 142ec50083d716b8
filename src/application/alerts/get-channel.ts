import { inject, injectable } from 'inversify';
import { type Channel, ChannelNotFoundError } from '../../domain/alerts/channel-settings.js';
import { ChannelRepository } from './ports/channel-repository.js';

@injectable()
export class GetChannel {
  constructor(@inject(ChannelRepository) private readonly channels: ChannelRepository) {}

  async execute(userId: number, channelId: number): Promise<Channel> {
    const channel = await this.channels.find(userId, channelId);
    if (!channel) throw new ChannelNotFoundError(channelId);
    return channel;
  }
}
