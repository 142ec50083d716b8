import { inject, injectable } from 'inversify';
import { ChannelNotFoundError } from '../../domain/alerts/channel-settings.js';
import { UnitOfWork } from '../shared/unit-of-work.js';
import { ChannelRepository } from './ports/channel-repository.js';

@injectable()
export class DeleteChannel {
  constructor(
    @inject(ChannelRepository) private readonly channels: ChannelRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  async execute(userId: number, channelId: number): Promise<void> {
    if (!(await this.uow.transaction(() => this.channels.remove(userId, channelId)))) throw new ChannelNotFoundError(channelId);
  }
}
