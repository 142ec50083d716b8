import type { ChannelRepository } from '../../../src/application/alerts/ports/channel-repository.js';
import type { DeliveryAttempts } from '../../../src/application/alerts/ports/delivery-attempts.js';
import type { Clock } from '../../../src/application/shared/clock.js';
import type { Channel, ChannelSettings } from '../../../src/domain/alerts/channel-settings.js';
import type { DeliveryAttempt } from '../../../src/domain/alerts/delivery-attempt.js';
import type { PageRequest, PageSlice } from '../../../src/domain/shared/page.js';
import { keysetPage } from './keyset-page.js';

interface StoredChannel extends Channel {
  userId: number;
  secret: string | null;
}

/**
 * Notification channels in memory, each with its owner: every method sees only the given user's channels (held to
 * test/contracts/ports/channels.contract.ts). The
 * account's address (what an e-mail channel without a target stands for) is told per user with `accountEmail`. It
 * also keeps each channel's last delivery attempt (DeliveryAttempts), as the SQL adapters keep it in the channel's row.
 */
export class InMemoryChannelRepository implements ChannelRepository, DeliveryAttempts {
  private readonly rows: StoredChannel[] = [];
  private readonly emails = new Map<number, string>();
  private nextId = 1;

  constructor(private readonly clock: Clock) {}

  accountEmail(userId: number, email: string): this {
    this.emails.set(userId, email);
    return this;
  }

  /** A stored channel as it is, secret included (for checks). */
  stored(userId: number, channelId: number): (Channel & { secret: string | null }) | undefined {
    const row = this.rows.find((c) => c.userId === userId && c.id === channelId);
    return row ? { ...this.present(row), secret: row.secret } : undefined;
  }

  /** Whether the channel exists, whoever owns it (for the delivery fakes). */
  hasChannel(channelId: number): boolean {
    return this.rows.some((c) => c.id === channelId);
  }

  of(userId: number): Channel[] {
    return this.rows.filter((c) => c.userId === userId).map((c) => this.present(c));
  }

  async page(userId: number, request: PageRequest): Promise<PageSlice<Channel>> {
    const page = keysetPage(
      this.rows.filter((c) => c.userId === userId),
      (c) => c.id,
      'asc',
      request,
    );
    return { ...page, items: page.items.map((c) => this.present(c)) };
  }

  async find(userId: number, channelId: number): Promise<Channel | null> {
    const row = this.rows.find((c) => c.userId === userId && c.id === channelId);
    return row ? this.present(row) : null;
  }

  async countForCreation(userId: number): Promise<number> {
    return this.rows.filter((c) => c.userId === userId).length;
  }

  async add(userId: number, settings: ChannelSettings, secret: string | null): Promise<Channel> {
    const row: StoredChannel = {
      ...settings,
      alertKinds: [...settings.alertKinds],
      id: this.nextId++,
      userId,
      secret,
      isDefault: false,
      accountEmail: null,
      createdAt: this.clock.now(),
      lastDelivery: null,
    };
    this.rows.push(row);
    return this.present(row);
  }

  async update(userId: number, channelId: number, settings: ChannelSettings): Promise<boolean> {
    const row = this.rows.find((c) => c.userId === userId && c.id === channelId);
    if (!row) return false;
    Object.assign(row, { target: settings.target, alertKinds: [...settings.alertKinds], delivery: settings.delivery, isEnabled: settings.isEnabled });
    return true;
  }

  async remove(userId: number, channelId: number): Promise<boolean> {
    const index = this.rows.findIndex((c) => c.userId === userId && c.id === channelId);
    if (index < 0) return false;
    this.rows.splice(index, 1);
    return true;
  }

  async secretOf(userId: number, channelId: number): Promise<string | null> {
    return this.rows.find((c) => c.userId === userId && c.id === channelId)?.secret ?? null;
  }

  async record(userId: number, channelId: number, attempt: DeliveryAttempt): Promise<void> {
    const row = this.rows.find((c) => c.userId === userId && c.id === channelId);
    if (row && (row.lastDelivery === null || row.lastDelivery.at <= attempt.at)) row.lastDelivery = { ...attempt };
  }

  private present({ userId, secret: _secret, ...channel }: StoredChannel): Channel {
    return { ...channel, alertKinds: [...channel.alertKinds], accountEmail: this.emails.get(userId) ?? null };
  }
}
