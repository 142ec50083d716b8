import { inject, injectable } from 'inversify';
import { type ChannelChange, ChannelNotFoundError, changeChannelSettings } from '../../domain/alerts/channel-settings.js';
import { UnitOfWork } from '../shared/unit-of-work.js';
import { ChannelRepository } from './ports/channel-repository.js';
import { TargetAddressCheck } from './ports/target-address-check.js';
import { refusePrivateTarget } from './refuse-private-target.js';

@injectable()
export class UpdateChannel {
  constructor(
    @inject(ChannelRepository) private readonly channels: ChannelRepository,
    @inject(TargetAddressCheck) private readonly addresses: TargetAddressCheck,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  async execute(userId: number, channelId: number, change: ChannelChange): Promise<void> {
    const current = await this.channels.find(userId, channelId);
    if (!current) throw new ChannelNotFoundError(channelId);
    const next = changeChannelSettings(current, change);
    // Only a new target is checked: a channel made while the operator allowed private targets keeps working.
    if (change.target !== undefined && next.target !== current.target) await refusePrivateTarget(this.addresses, next);
    const updated = await this.uow.transaction(() => this.channels.update(userId, channelId, next));
    if (!updated) throw new ChannelNotFoundError(channelId);
  }
}
