// The limits on a user's alert channels (issue 30, second probe, M4): how many channels, one message per receiver per
// quote, and how many messages a minute.
import { describe, expect, it } from 'vitest';
import { CHANNEL_MESSAGES_PER_MINUTE, DeliveryRate, receiverOf } from '../../../../src/domain/alerts/channel-limits.js';

describe('receiverOf', () => {
  it('is the scheme, host and port of a webhook or ntfy URL, per kind: paths, queries and case do not matter', () => {
    const hook = (target: string) => receiverOf({ channelId: 1, kind: 'webhook', target, delivery: 'immediate' });
    expect(hook('https://Hooks.Example/a')).toBe(hook('https://hooks.example:443/b?x=1'));
    expect(hook('https://hooks.example/a')).not.toBe(hook('http://hooks.example/a'));
    expect(hook('http://127.0.0.1:8001/a')).not.toBe(hook('http://127.0.0.1:8002/a'));
    const ntfy = receiverOf({ channelId: 2, kind: 'ntfy', target: 'https://hooks.example/topic', delivery: 'immediate' });
    // A webhook and an ntfy server behind one host are two services: each gets its message.
    expect(ntfy).not.toBe(hook('https://hooks.example/topic'));
    expect(ntfy).toBe(receiverOf({ channelId: 3, kind: 'ntfy', target: 'https://hooks.example/other-topic', delivery: 'immediate' }));
  });

  it('is the address of an e-mail channel (the account\'s when it names none), per delivery: a mail domain is many people', () => {
    const mail = (target: string | null, delivery: 'immediate' | 'daily_digest' = 'immediate', channelId = 1) =>
      receiverOf({ channelId, kind: 'email', target, delivery });
    expect(mail('Ann@Example.org')).toBe(mail('ann@example.org', 'immediate', 2));
    expect(mail('ann@example.org')).not.toBe(mail('bob@example.org'));
    expect(mail(null)).toBe(mail(null, 'immediate', 2));
    expect(mail('ann@example.org')).not.toBe(mail('ann@example.org', 'daily_digest'));
  });
});

describe('DeliveryRate', () => {
  it(`lets ${CHANNEL_MESSAGES_PER_MINUTE} messages a minute through per user, then says how long the next one waits`, () => {
    const rate = new DeliveryRate(3, 60_000);
    expect([rate.take(7, 0), rate.take(7, 1_000), rate.take(7, 2_000)]).toEqual([0, 0, 0]);
    expect(rate.take(7, 10_000)).toBe(50_000);
    // Another user is not held up; a waiting message does not use a slot.
    expect(rate.take(8, 10_000)).toBe(0);
    expect(rate.take(7, 59_999)).toBe(1);
    expect(rate.take(7, 60_000)).toBe(0);
    expect(rate.take(7, 60_500)).toBe(500);
  });

  it('forgets users whose minute has passed', () => {
    const rate = new DeliveryRate(1, 60_000);
    for (let user = 0; user < 1_000; user++) rate.take(user, 0);
    rate.take(5_000, 120_000);
    expect(rate.trackedUsers()).toBe(1);
  });
});
