import { SqlChannelRepository } from '../../../src/adapters/postgres/repositories/sql-channel-repository.js';
import { SqlDeliveredMessages } from '../../../src/adapters/postgres/repositories/sql-delivered-messages.js';
import { SqlDeliveryAttempts } from '../../../src/adapters/postgres/repositories/sql-delivery-attempts.js';
import { SqlDigestInbox } from '../../../src/adapters/postgres/repositories/sql-digest-inbox.js';
import { describeChannelDeliveriesContract } from '../../contracts/ports/channel-deliveries.contract.js';
import { describeChannelRepositoryContract } from '../../contracts/ports/channels.contract.js';
import { onPostgres } from './on-postgres.js';

const pg = onPostgres();

describeChannelRepositoryContract('PostgreSQL', async () => {
  await pg.forgetUserData();
  return {
    channels: pg.adapter((em) => new SqlChannelRepository(em)),
    attempts: pg.adapter((em) => new SqlDeliveryAttempts(em)),
    aUser: (email) => pg.aUser(email),
    transaction: (work) => pg.transaction(work),
  };
});

describeChannelDeliveriesContract('PostgreSQL', async () => {
  await pg.forgetUserData();
  const channels = pg.adapter((em) => new SqlChannelRepository(em));
  // The day the database files digest items under (its clock, not this process's).
  const [day] = await pg.db.sql<{ today: string }>("select (now() at time zone 'utc')::date::text as today");
  return {
    delivered: pg.adapter((em) => new SqlDeliveredMessages(em)),
    inbox: pg.adapter((em) => new SqlDigestInbox(em)),
    today: day!.today,
    async aChannel() {
      const userId = await pg.aUser();
      const channel = await channels.add(userId, { kind: 'email', target: null, alertKinds: ['price_drop'], delivery: 'daily_digest', isEnabled: true }, null);
      return { userId, channelId: channel.id };
    },
    removeChannel: async ({ userId, channelId }) => void (await channels.remove(userId, channelId)),
  };
});
