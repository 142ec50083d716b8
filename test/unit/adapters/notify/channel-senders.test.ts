import { describe, expect, it } from 'vitest';
import { ChannelDeliveryFailed, type ChannelDestination, type ChannelSender } from '../../../../src/application/alerts/ports/channel-sender.js';
import { ChannelSenders } from '../../../../src/adapters/notify/channel-senders.js';
import type { ChannelKind } from '../../../../src/domain/alerts/channel.js';
import { sampleChannelMessage } from './sample-channel-message.js';

function recordingSender(name: string, calls: string[]): ChannelSender {
  return {
    send: async () => void calls.push(`${name}.send`),
    sendDigest: async () => void calls.push(`${name}.sendDigest`),
    sendTest: async () => void calls.push(`${name}.sendTest`),
  };
}

const destination = (kind: ChannelKind): ChannelDestination => ({ kind, target: 'x', secret: null });

describe('ChannelSenders', () => {
  it('sends each destination through the sender of its kind', async () => {
    const calls: string[] = [];
    const senders = new ChannelSenders({ email: recordingSender('email', calls), webhook: recordingSender('webhook', calls), ntfy: recordingSender('ntfy', calls) });
    await senders.send(destination('webhook'), sampleChannelMessage());
    await senders.send(destination('ntfy'), sampleChannelMessage());
    await senders.sendTest(destination('email'));
    await senders.sendDigest(destination('email'), [sampleChannelMessage()], '2026-11-25');
    expect(calls).toEqual(['webhook.send', 'ntfy.send', 'email.sendTest', 'email.sendDigest']);
  });

  it('refuses a digest for a channel that is not e-mail, and an unknown kind, for good', async () => {
    const calls: string[] = [];
    const senders = new ChannelSenders({ email: recordingSender('email', calls), webhook: recordingSender('webhook', calls), ntfy: recordingSender('ntfy', calls) });
    const digest = senders.sendDigest(destination('ntfy'), [sampleChannelMessage()], '2026-11-25');
    await expect(digest).rejects.toBeInstanceOf(ChannelDeliveryFailed);
    await expect(digest).rejects.toMatchObject({ retryable: false });
    await expect(senders.send(destination('toString' as ChannelKind), sampleChannelMessage())).rejects.toMatchObject({ retryable: false });
    expect(calls).toEqual([]);
  });
});
