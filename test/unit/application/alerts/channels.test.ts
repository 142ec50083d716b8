// The channel use cases on hand-written fakes: defaults and the secret shown once, the private-address check, the
// owner's scope, and the test action queued (never sent on the request path) and then sent by the worker.
import { describe, expect, it } from 'vitest';
import { CreateChannel } from '../../../../src/application/alerts/create-channel.js';
import { DeleteChannel } from '../../../../src/application/alerts/delete-channel.js';
import { GetChannel } from '../../../../src/application/alerts/get-channel.js';
import { ListChannels } from '../../../../src/application/alerts/list-channels.js';
import { ChannelDeliveryFailed } from '../../../../src/application/alerts/ports/channel-sender.js';
import { SendChannelTest } from '../../../../src/application/alerts/send-channel-test.js';
import { TestChannel } from '../../../../src/application/alerts/test-channel.js';
import { UpdateChannel } from '../../../../src/application/alerts/update-channel.js';
import { ChannelNotFoundError, ChannelWithoutAddressError, PrivateTargetError } from '../../../../src/domain/alerts/channel-settings.js';
import { FakeChannelSecretGenerator } from '../../../support/fakes/fake-channel-secret-generator.js';
import { FakeChannelTestQueue } from '../../../support/fakes/fake-channel-test-queue.js';
import { FakeClock } from '../../../support/fakes/fake-clock.js';
import { FakeTargetAddressCheck } from '../../../support/fakes/fake-target-address-check.js';
import { FakeUnitOfWork } from '../../../support/fakes/fake-unit-of-work.js';
import { InMemoryChannelRepository } from '../../../support/fakes/in-memory-channel-repository.js';
import { RecordingChannelSender } from '../../../support/fakes/recording-channel-sender.js';

const READER = 5;
const OTHER_READER = 6;
const ALL = ['below_max_price', 'price_drop', 'new_lowest', 'back_in_stock'];

function world() {
  const clock = new FakeClock();
  const channels = new InMemoryChannelRepository(clock);
  const addresses = new FakeTargetAddressCheck(['10.0.0.1', 'intranet.example']);
  const uow = new FakeUnitOfWork();
  const queue = new FakeChannelTestQueue();
  const sender = new RecordingChannelSender();
  return {
    clock, channels, addresses, uow, queue, sender,
    create: new CreateChannel(channels, new FakeChannelSecretGenerator(), addresses, uow),
    list: new ListChannels(channels),
    get: new GetChannel(channels),
    update: new UpdateChannel(channels, addresses, uow),
    remove: new DeleteChannel(channels, uow),
    test: new TestChannel(channels, queue),
    sendTest: new SendChannelTest(channels, sender, channels, clock),
  };
}

describe('CreateChannel', () => {
  it('stores a channel with the defaults, in a transaction', async () => {
    const { create, channels, clock, uow } = world();
    const { channel, secret } = await create.execute(READER, { kind: 'email' });
    expect(channel).toEqual({
      id: 1, kind: 'email', target: null, alertKinds: ALL, delivery: 'immediate', isEnabled: true, isDefault: false, accountEmail: null, createdAt: clock.now(),
      lastDelivery: null,
    });
    expect(secret).toBeNull();
    expect(channels.of(READER)).toEqual([channel]);
    expect(uow.committed).toBe(1);
  });

  it('gives a webhook a fresh secret, stored with it and handed out once; other kinds get none', async () => {
    const { create, channels } = world();
    const first = await create.execute(READER, { kind: 'webhook', target: 'https://hooks.example.org/a' });
    const second = await create.execute(READER, { kind: 'webhook', target: 'https://hooks.example.org/b' });
    expect(first.secret).toBe('webhook-secret-1');
    expect(second.secret).toBe('webhook-secret-2');
    expect(channels.stored(READER, first.channel.id)?.secret).toBe('webhook-secret-1');
    expect(first.channel).not.toHaveProperty('secret');
    const ntfy = await create.execute(READER, { kind: 'ntfy', target: 'https://ntfy.example.org/topic' });
    expect(ntfy.secret).toBeNull();
    expect(channels.stored(READER, ntfy.channel.id)?.secret).toBeNull();
  });

  it('checks where a URL target points, and refuses a private one naming target, storing nothing', async () => {
    const { create, channels, addresses } = world();
    await expect(create.execute(READER, { kind: 'webhook', target: 'http://10.0.0.1/hook' })).rejects.toBeInstanceOf(PrivateTargetError);
    await expect(create.execute(READER, { kind: 'ntfy', target: 'https://intranet.example/t' })).rejects.toMatchObject({
      code: 'validation_failed',
      details: [{ field: 'target', message: expect.stringContaining('private') }],
    });
    expect(channels.of(READER)).toEqual([]);
    expect(addresses.asked).toEqual(['http://10.0.0.1/hook', 'https://intranet.example/t']);
  });

  it('does not resolve e-mail targets, and checks the syntax before asking where a URL points', async () => {
    const { create, addresses } = world();
    await create.execute(READER, { kind: 'email', target: 'me@example.org' });
    await expect(create.execute(READER, { kind: 'webhook', target: 'ftp://example.org' })).rejects.toMatchObject({ code: 'validation_failed' });
    expect(addresses.asked).toEqual([]);
  });
});

describe('ListChannels and GetChannel', () => {
  it("show the user's own channels only, oldest first, paginated", async () => {
    const { create, list, get } = world();
    const mine = [];
    for (const n of [1, 2, 3]) mine.push((await create.execute(READER, { kind: 'ntfy', target: `https://ntfy.example.org/t${n}` })).channel);
    const theirs = (await create.execute(OTHER_READER, { kind: 'email' })).channel;
    const first = await list.execute(READER, { window: { kind: 'first' }, size: 2 });
    expect(first).toEqual({ items: mine.slice(0, 2), hasMore: true });
    expect(await list.execute(READER, { window: { kind: 'after', key: mine[1]!.id }, size: 2 })).toEqual({ items: mine.slice(2), hasMore: false });
    expect(await get.execute(READER, mine[0]!.id)).toEqual(mine[0]);
    await expect(get.execute(READER, theirs.id)).rejects.toBeInstanceOf(ChannelNotFoundError);
  });
});

describe('UpdateChannel', () => {
  it('changes the given fields and keeps the others', async () => {
    const { create, update, get } = world();
    const { channel } = await create.execute(READER, { kind: 'email', target: 'me@example.org' });
    await update.execute(READER, channel.id, { alertKinds: ['price_drop'], delivery: 'daily_digest' });
    expect(await get.execute(READER, channel.id)).toEqual({ ...channel, alertKinds: ['price_drop'], delivery: 'daily_digest' });
    await update.execute(READER, channel.id, { target: null, isEnabled: false });
    expect(await get.execute(READER, channel.id)).toMatchObject({ target: null, isEnabled: false, alertKinds: ['price_drop'] });
  });

  it('checks a new URL target, and only a new one', async () => {
    const { create, update, addresses, get } = world();
    const { channel } = await create.execute(READER, { kind: 'webhook', target: 'https://hooks.example.org/a' });
    addresses.asked.length = 0;
    await update.execute(READER, channel.id, { isEnabled: false });
    await update.execute(READER, channel.id, { target: 'https://hooks.example.org/a' });
    expect(addresses.asked).toEqual([]);
    await expect(update.execute(READER, channel.id, { target: 'http://10.0.0.1/' })).rejects.toBeInstanceOf(PrivateTargetError);
    expect((await get.execute(READER, channel.id)).target).toBe('https://hooks.example.org/a');
  });

  it("refuses a bad change naming the field, and another user's channel with not found", async () => {
    const { create, update } = world();
    const { channel } = await create.execute(READER, { kind: 'webhook', target: 'https://hooks.example.org/a' });
    await expect(update.execute(READER, channel.id, { kind: 'email' })).rejects.toMatchObject({ details: [{ field: 'kind' }] });
    await expect(update.execute(READER, channel.id, { delivery: 'daily_digest' })).rejects.toMatchObject({ details: [{ field: 'delivery' }] });
    await expect(update.execute(OTHER_READER, channel.id, { isEnabled: false })).rejects.toBeInstanceOf(ChannelNotFoundError);
  });
});

describe('DeleteChannel', () => {
  it("deletes the user's channel, then answers not found; another user's channel is not found", async () => {
    const { create, remove, channels } = world();
    const { channel } = await create.execute(READER, { kind: 'email' });
    await expect(remove.execute(OTHER_READER, channel.id)).rejects.toBeInstanceOf(ChannelNotFoundError);
    await remove.execute(READER, channel.id);
    expect(channels.of(READER)).toEqual([]);
    await expect(remove.execute(READER, channel.id)).rejects.toBeInstanceOf(ChannelNotFoundError);
  });
});

describe('TestChannel and SendChannelTest', () => {
  it('queues the test without sending it, then the worker sends it to the resolved destination', async () => {
    const { create, test, queue, sender, sendTest, channels } = world();
    channels.accountEmail(READER, 'reader@example.org');
    const webhook = await create.execute(READER, { kind: 'webhook', target: 'https://hooks.example.org/a' });
    const email = await create.execute(READER, { kind: 'email' });
    await test.execute(READER, webhook.channel.id);
    await test.execute(READER, email.channel.id);
    expect(queue.queued).toEqual([{ userId: READER, channelId: webhook.channel.id }, { userId: READER, channelId: email.channel.id }]);
    expect(sender.tests).toEqual([]);

    for (const request of queue.queued) expect(await sendTest.execute(request)).toEqual({ kind: 'sent' });
    expect(sender.tests).toEqual([
      { kind: 'webhook', target: 'https://hooks.example.org/a', secret: webhook.secret },
      { kind: 'email', target: 'reader@example.org', secret: null },
    ]);
  });

  it("answers not found for another user's channel, and a conflict for an e-mail channel of an account without address", async () => {
    const { create, test, queue } = world();
    const email = await create.execute(READER, { kind: 'email' });
    await expect(test.execute(OTHER_READER, email.channel.id)).rejects.toBeInstanceOf(ChannelNotFoundError);
    await expect(test.execute(READER, email.channel.id)).rejects.toBeInstanceOf(ChannelWithoutAddressError);
    await expect(test.execute(READER, email.channel.id)).rejects.toMatchObject({ code: 'conflict' });
    expect(queue.queued).toEqual([]);
  });

  it('drops a test whose channel is gone by the time the worker sends it', async () => {
    const { create, test, queue, remove, sendTest, sender } = world();
    const { channel } = await create.execute(READER, { kind: 'ntfy', target: 'https://ntfy.example.org/t' });
    await test.execute(READER, channel.id);
    await remove.execute(READER, channel.id);
    expect(await sendTest.execute(queue.queued[0]!)).toEqual({ kind: 'channel_gone' });
    expect(sender.tests).toEqual([]);
  });

  it('rejects on a failure worth retrying, and reports one that is not', async () => {
    const { create, sendTest, sender } = world();
    const { channel } = await create.execute(READER, { kind: 'ntfy', target: 'https://ntfy.example.org/t' });
    sender.failWith = new ChannelDeliveryFailed('503 from the receiver', true);
    await expect(sendTest.execute({ userId: READER, channelId: channel.id })).rejects.toBeInstanceOf(ChannelDeliveryFailed);
    sender.failWith = new ChannelDeliveryFailed('404 from the receiver', false);
    expect(await sendTest.execute({ userId: READER, channelId: channel.id })).toEqual({ kind: 'refused', reason: '404 from the receiver' });
  });

  it("keeps every attempt as the channel's last delivery, its failure in words safe to show", async () => {
    const { create, sendTest, sender, channels, clock } = world();
    const { channel } = await create.execute(READER, { kind: 'webhook', target: 'https://hooks.example.org/t' });
    expect(channels.of(READER)[0]!.lastDelivery).toBeNull();
    sender.failWith = new ChannelDeliveryFailed('the receiver answered 503', true);
    await expect(sendTest.execute({ userId: READER, channelId: channel.id })).rejects.toBeInstanceOf(ChannelDeliveryFailed);
    expect(channels.of(READER)[0]!.lastDelivery).toEqual({ at: clock.now(), messageKind: 'test', ok: false, failure: 'the receiver answered 503', retryable: true });
    clock.advance(1000);
    sender.failWith = new ChannelDeliveryFailed('the receiver answered 301 redirecting to https://user:pw@moved.example/hook?token=abc', false);
    await sendTest.execute({ userId: READER, channelId: channel.id });
    expect(channels.of(READER)[0]!.lastDelivery).toEqual({
      at: clock.now(), messageKind: 'test', ok: false, failure: 'the receiver answered 301 redirecting to https://moved.example/…', retryable: false,
    });
    clock.advance(1000);
    sender.failWith = null;
    await sendTest.execute({ userId: READER, channelId: channel.id });
    expect(channels.of(READER)[0]!.lastDelivery).toEqual({ at: clock.now(), messageKind: 'test', ok: true, failure: null, retryable: false });
  });
});
