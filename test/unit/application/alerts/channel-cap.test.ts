// CreateChannel refuses a channel beyond the per-user cap (issue 30, second probe, M4), counted inside its transaction.
import { describe, expect, it } from 'vitest';
import { CreateChannel } from '../../../../src/application/alerts/create-channel.js';
import { ChannelLimitReached, CHANNELS_PER_USER_MAX } from '../../../../src/domain/alerts/channel-limits.js';
import { FakeChannelSecretGenerator } from '../../../support/fakes/fake-channel-secret-generator.js';
import { FakeClock } from '../../../support/fakes/fake-clock.js';
import { FakeTargetAddressCheck } from '../../../support/fakes/fake-target-address-check.js';
import { FakeUnitOfWork } from '../../../support/fakes/fake-unit-of-work.js';
import { InMemoryChannelRepository } from '../../../support/fakes/in-memory-channel-repository.js';

describe('CreateChannel and the per-user cap', () => {
  it(`takes ${CHANNELS_PER_USER_MAX} channels per user, refuses one more with a conflict (409), and takes one again after a delete`, async () => {
    const channels = new InMemoryChannelRepository(new FakeClock());
    const create = new CreateChannel(channels, new FakeChannelSecretGenerator(), new FakeTargetAddressCheck([]), new FakeUnitOfWork());
    for (let i = 0; i < CHANNELS_PER_USER_MAX; i++) await create.execute(5, { kind: 'webhook', target: `https://hook${i}.example/` });
    const refused = create.execute(5, { kind: 'email' });
    await expect(refused).rejects.toBeInstanceOf(ChannelLimitReached);
    await expect(refused).rejects.toMatchObject({ code: 'conflict', message: expect.stringContaining(`at most ${CHANNELS_PER_USER_MAX}`) });
    expect(channels.of(5)).toHaveLength(CHANNELS_PER_USER_MAX);
    // Another user has a cap of their own.
    await expect(create.execute(6, { kind: 'email' })).resolves.toBeDefined();
    await channels.remove(5, channels.of(5)[0]!.id);
    await expect(create.execute(5, { kind: 'email' })).resolves.toBeDefined();
  });
});
