import { describeChannelDeliveriesContract } from '../../contracts/ports/channel-deliveries.contract.js';
import { describeChannelRepositoryContract } from '../../contracts/ports/channels.contract.js';
import { FakeClock } from '../../support/fakes/fake-clock.js';
import { FakeUnitOfWork } from '../../support/fakes/fake-unit-of-work.js';
import { InMemoryDeliveredMessages, InMemoryDigestInbox } from '../../support/fakes/in-memory-channel-deliveries.js';
import { InMemoryChannelRepository } from '../../support/fakes/in-memory-channel-repository.js';

describeChannelRepositoryContract('in memory', async () => {
  const channels = new InMemoryChannelRepository(new FakeClock());
  const unitOfWork = new FakeUnitOfWork();
  let users = 0;
  return {
    channels,
    attempts: channels,
    async aUser(email = null) {
      const user = ++users;
      if (email !== null) channels.accountEmail(user, email);
      return user;
    },
    transaction: (work) => unitOfWork.transaction(work),
  };
});

describeChannelDeliveriesContract('in memory', async () => {
  const channels = new InMemoryChannelRepository(new FakeClock());
  const inbox = new InMemoryDigestInbox(channels);
  inbox.day = '2026-11-25';
  let users = 0;
  return {
    delivered: new InMemoryDeliveredMessages(channels),
    inbox,
    today: inbox.day,
    async aChannel() {
      const userId = ++users;
      const channel = await channels.add(userId, { kind: 'email', target: null, alertKinds: ['price_drop'], delivery: 'daily_digest', isEnabled: true }, null);
      return { userId, channelId: channel.id };
    },
    removeChannel: async ({ userId, channelId }) => void (await channels.remove(userId, channelId)),
  };
});
