import { inject, injectable } from 'inversify';
import type { Channel } from '../../domain/alerts/channel-settings.js';
import type { PageRequest, PageSlice } from '../../domain/shared/page.js';
import { ChannelRepository } from './ports/channel-repository.js';

@injectable()
export class ListChannels {
  constructor(@inject(ChannelRepository) private readonly channels: ChannelRepository) {}

  execute(userId: number, page: PageRequest): Promise<PageSlice<Channel>> {
    return this.channels.page(userId, page);
  }
}
