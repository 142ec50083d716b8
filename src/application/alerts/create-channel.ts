import { inject, injectable } from 'inversify';
import { ChannelLimitReached, CHANNELS_PER_USER_MAX } from '../../domain/alerts/channel-limits.js';
import { type Channel, type ChannelRequest, newChannelSettings } from '../../domain/alerts/channel-settings.js';
import { UnitOfWork } from '../shared/unit-of-work.js';
import { ChannelRepository } from './ports/channel-repository.js';
import { ChannelSecretGenerator } from './ports/channel-secret-generator.js';
import { TargetAddressCheck } from './ports/target-address-check.js';
import { refusePrivateTarget } from './refuse-private-target.js';

/** The new channel, and a webhook's signing secret: the one time the secret is handed out. */
export interface CreatedChannel {
  channel: Channel;
  secret: string | null;
}

@injectable()
export class CreateChannel {
  constructor(
    @inject(ChannelRepository) private readonly channels: ChannelRepository,
    @inject(ChannelSecretGenerator) private readonly secrets: ChannelSecretGenerator,
    @inject(TargetAddressCheck) private readonly addresses: TargetAddressCheck,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  async execute(userId: number, request: ChannelRequest): Promise<CreatedChannel> {
    const settings = newChannelSettings(request);
    // Resolved before the transaction: a slow name server must not hold a database connection.
    await refusePrivateTarget(this.addresses, settings);
    const secret = settings.kind === 'webhook' ? this.secrets.next() : null;
    const channel = await this.uow.transaction(async () => {
      // At most CHANNELS_PER_USER_MAX: each channel multiplies what one price change sends out.
      if ((await this.channels.countForCreation(userId)) >= CHANNELS_PER_USER_MAX) throw new ChannelLimitReached();
      return this.channels.add(userId, settings, secret);
    });
    return { channel, secret };
  }
}
