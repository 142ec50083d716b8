// What the channel use cases rely on from a ChannelRepository (and the DeliveryAttempts kept in the same rows): one
// user never sees or changes another's channels, channels are listed oldest first in keyset pages, a webhook's
// secret is kept apart, and a channel shows its latest delivery attempt even when attempts end out of order.
import { describe, expect, it } from 'vitest';
import type { ChannelRepository } from '../../../src/application/alerts/ports/channel-repository.js';
import type { DeliveryAttempts } from '../../../src/application/alerts/ports/delivery-attempts.js';
import type { ChannelSettings } from '../../../src/domain/alerts/channel-settings.js';
import { deliveredAttempt, failedAttempt } from '../../../src/domain/alerts/delivery-attempt.js';
import { expectKeysetPages, readAll } from './keyset-pages.js';

export interface ChannelWorld {
  channels: ChannelRepository;
  attempts: DeliveryAttempts;
  /** A user; `email` is the account's address (what an e-mail channel without a target sends to). */
  aUser(email?: string | null): Promise<number>;
  /** One transaction around `work`. */
  transaction<T>(work: () => Promise<T>): Promise<T>;
}

const webhook = (change: Partial<ChannelSettings> = {}): ChannelSettings => ({
  kind: 'webhook',
  target: 'https://hooks.example/shelfwatch',
  alertKinds: ['price_drop', 'new_lowest'],
  delivery: 'immediate',
  isEnabled: true,
  ...change,
});
const email = (change: Partial<ChannelSettings> = {}): ChannelSettings => ({
  kind: 'email',
  target: null,
  alertKinds: ['below_max_price'],
  delivery: 'daily_digest',
  isEnabled: true,
  ...change,
});
const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 3, minute));

export function describeChannelRepositoryContract(name: string, makeSubject: () => Promise<ChannelWorld>): void {
  describe(`ChannelRepository contract: ${name}`, () => {
    it('adds a channel and reads it back with the account address; the secret is kept apart', async () => {
      const w = await makeSubject();
      const user = await w.aUser('reader@example.org');
      const hook = await w.channels.add(user, webhook(), 'secret-of-the-hook');
      expect(hook).toEqual({
        ...webhook(),
        id: expect.any(Number),
        isDefault: false,
        accountEmail: 'reader@example.org',
        createdAt: expect.any(Date),
        lastDelivery: null,
      });
      expect(await w.channels.find(user, hook.id)).toEqual(hook);
      expect(await w.channels.secretOf(user, hook.id)).toBe('secret-of-the-hook');
      const mail = await w.channels.add(user, email(), null);
      expect(await w.channels.secretOf(user, mail.id)).toBeNull();
      const withoutAddress = await w.aUser(null);
      expect((await w.channels.add(withoutAddress, email(), null)).accountEmail).toBeNull();
    });

    it("never shows, counts or changes another user's channel: it is simply not found", async () => {
      const w = await makeSubject();
      const [owner, stranger] = [await w.aUser('owner@example.org'), await w.aUser('stranger@example.org')];
      const hook = await w.channels.add(owner, webhook(), 'owner-secret');
      expect(await w.channels.find(stranger, hook.id)).toBeNull();
      expect(await w.channels.secretOf(stranger, hook.id)).toBeNull();
      expect(await w.channels.update(stranger, hook.id, webhook({ isEnabled: false }))).toBe(false);
      expect(await w.channels.remove(stranger, hook.id)).toBe(false);
      await w.attempts.record(stranger, hook.id, deliveredAttempt(at(1), 'test'));
      expect(await readAll((r) => w.channels.page(stranger, r))).toEqual([]);
      expect(await w.transaction(() => w.channels.countForCreation(stranger))).toBe(0);
      expect(await w.channels.find(owner, hook.id)).toEqual(hook);
    });

    it('replaces the settings of a channel, never its kind', async () => {
      const w = await makeSubject();
      const user = await w.aUser('reader@example.org');
      const hook = await w.channels.add(user, webhook(), 'secret');
      const changed = webhook({ target: 'https://other.example/hook', alertKinds: ['back_in_stock'], isEnabled: false });
      expect(await w.channels.update(user, hook.id, { ...changed, kind: 'ntfy' })).toBe(true);
      expect(await w.channels.find(user, hook.id)).toEqual({ ...hook, ...changed, kind: 'webhook' });
      expect(await w.channels.secretOf(user, hook.id)).toBe('secret');
      expect(await w.channels.update(user, hook.id + 1000, changed)).toBe(false);
      const mail = await w.channels.add(user, email({ delivery: 'immediate' }), null);
      expect(await w.channels.update(user, mail.id, email({ target: 'other@example.org' }))).toBe(true);
      expect(await w.channels.find(user, mail.id)).toMatchObject({ target: 'other@example.org', delivery: 'daily_digest' });
    });

    it('removes a channel once', async () => {
      const w = await makeSubject();
      const user = await w.aUser();
      const hook = await w.channels.add(user, webhook(), 'secret');
      expect(await w.channels.remove(user, hook.id)).toBe(true);
      expect(await w.channels.remove(user, hook.id)).toBe(false);
      expect(await w.channels.find(user, hook.id)).toBeNull();
      expect(await w.channels.secretOf(user, hook.id)).toBeNull();
    });

    it("lists a user's channels oldest first in keyset pages, and counts them for the cap", async () => {
      const w = await makeSubject();
      const [user, other] = [await w.aUser(), await w.aUser()];
      const ids: number[] = [];
      for (let i = 0; i < 5; i++) {
        ids.push((await w.channels.add(user, i % 2 === 0 ? webhook() : email(), i % 2 === 0 ? `secret-${i}` : null)).id);
        await w.channels.add(other, webhook(), 'other');
      }
      await expectKeysetPages((r) => w.channels.page(user, r), (c) => c.id, ids);
      expect(await w.transaction(() => w.channels.countForCreation(user))).toBe(5);
    });

    it('shows the latest delivery attempt; one that ended earlier does not replace it', async () => {
      const w = await makeSubject();
      const user = await w.aUser();
      const hook = await w.channels.add(user, webhook(), 'secret');
      const failed = failedAttempt(at(10), 'alert', 'HTTP 503 from https://hooks.example/shelfwatch', true);
      await w.attempts.record(user, hook.id, failed);
      expect((await w.channels.find(user, hook.id))?.lastDelivery).toEqual(failed);
      await w.attempts.record(user, hook.id, deliveredAttempt(at(9), 'digest'));
      expect((await w.channels.find(user, hook.id))?.lastDelivery).toEqual(failed);
      await w.attempts.record(user, hook.id, deliveredAttempt(at(10), 'test'));
      expect((await readAll((r) => w.channels.page(user, r)))[0]?.lastDelivery).toEqual(deliveredAttempt(at(10), 'test'));
      // An attempt on a channel that is gone is dropped.
      await w.attempts.record(user, hook.id + 1000, deliveredAttempt(at(11), 'alert'));
    });
  });
}
