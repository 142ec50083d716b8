import { describe, expect, it } from 'vitest';
import type { AlertKind } from '../../../../src/domain/alerts/alert.js';
import { type ChannelRoute, planChannelMessages, type RaisedAlert } from '../../../../src/domain/alerts/channel-messages.js';

const raised = (kind: AlertKind, over: Partial<RaisedAlert> = {}): RaisedAlert => ({
  alertId: 1,
  userId: 7,
  wishId: 3,
  quoteId: 100,
  bookId: 9,
  bookTitle: 'Solaris',
  editionId: 11,
  storeId: 5,
  storeName: 'Corner Bookshop',
  kind,
  amount: '9.99',
  currency: 'EUR',
  previousAmount: '12.00',
  threshold: kind === 'below_max_price' ? '10.00' : null,
  url: 'https://shop.example/9780000000001',
  createdAt: new Date('2026-11-25T10:00:00Z'),
  ...over,
});
const channel = (over: Partial<ChannelRoute> = {}): ChannelRoute => ({
  channelId: 1,
  userId: 7,
  kind: 'webhook',
  alertKinds: ['below_max_price', 'price_drop', 'new_lowest', 'back_in_stock'],
  delivery: 'immediate',
  target: `https://hooks${over.channelId ?? 1}.example/alert`,
  ...over,
});

describe('planChannelMessages', () => {
  it('makes one message of the alerts one quote raised for one wish, naming every reason, led by the most significant', () => {
    const alerts = [raised('price_drop', { alertId: 1 }), raised('new_lowest', { alertId: 2 }), raised('below_max_price', { alertId: 3 })];
    const [message, ...rest] = planChannelMessages(alerts, [channel()]);
    expect(rest).toEqual([]);
    expect(message).toMatchObject({ channelId: 1, idempotencyKey: 'shelfwatch-q100-w3-c1', reasons: ['below_max_price', 'new_lowest', 'price_drop'] });
    expect(message!.lead.alertId).toBe(3);
  });

  it('sends each channel its own message, with its own key, and leads with the most significant kind the channel takes', () => {
    const alerts = [raised('price_drop', { alertId: 1 }), raised('below_max_price', { alertId: 2 })];
    const messages = planChannelMessages(alerts, [channel({ channelId: 1 }), channel({ channelId: 2, kind: 'ntfy', alertKinds: ['price_drop'] })]);
    expect(messages.map((m) => [m.channelId, m.idempotencyKey, m.lead.kind, m.reasons])).toEqual([
      [1, 'shelfwatch-q100-w3-c1', 'below_max_price', ['below_max_price', 'price_drop']],
      [2, 'shelfwatch-q100-w3-c2', 'price_drop', ['below_max_price', 'price_drop']],
    ]);
  });

  it('orders the reasons of the kinds a reader turns on among the specified ones: own price, target, lows, drops, stock', () => {
    const kinds: AlertKind[] = ['back_in_stock', 'percent_drop', 'price_drop', 'lowest_in_days', 'below_target'];
    const [message] = planChannelMessages(kinds.map((kind, i) => raised(kind, { alertId: i + 1 })), [channel()]);
    expect(message!.reasons).toEqual(['below_target', 'lowest_in_days', 'percent_drop', 'price_drop', 'back_in_stock']);
    expect(message!.lead.kind).toBe('below_target');
    const [withMax] = planChannelMessages([raised('new_lowest'), raised('below_max_price'), raised('lowest_in_days')], [channel()]);
    expect(withMax!.reasons).toEqual(['below_max_price', 'new_lowest', 'lowest_in_days']);
  });

  it('lets a channel of a specified kind carry the newer kinds that belong with it, and a channel take a newer kind alone', () => {
    const onlyLowInDays = [raised('lowest_in_days')];
    expect(planChannelMessages(onlyLowInDays, [channel({ alertKinds: ['new_lowest'] })]).map((m) => m.lead.kind)).toEqual(['lowest_in_days']);
    expect(planChannelMessages(onlyLowInDays, [channel({ alertKinds: ['price_drop', 'back_in_stock'] })])).toEqual([]);
    expect(planChannelMessages([raised('below_target')], [channel({ alertKinds: ['below_max_price'] })]).map((m) => m.lead.kind)).toEqual(['below_target']);
    // A channel for big drops only: a small drop is not its business; a big one (which is a drop too) leads with its kind.
    const bigDropsOnly = channel({ alertKinds: ['percent_drop'] });
    expect(planChannelMessages([raised('price_drop')], [bigDropsOnly])).toEqual([]);
    const [big] = planChannelMessages([raised('price_drop', { alertId: 1 }), raised('percent_drop', { alertId: 2 })], [bigDropsOnly]);
    expect(big).toMatchObject({ lead: { alertId: 2, kind: 'percent_drop' }, reasons: ['percent_drop', 'price_drop'] });
  });

  it('skips a channel that takes none of the kinds raised, and channels of other users', () => {
    const messages = planChannelMessages([raised('back_in_stock')], [channel({ alertKinds: ['price_drop'] }), channel({ channelId: 2, userId: 8 })]);
    expect(messages).toEqual([]);
  });

  it('keeps quotes and wishes apart: two quotes, or two wishes of one quote, are two messages', () => {
    const alerts = [raised('price_drop', { quoteId: 100 }), raised('price_drop', { quoteId: 101 }), raised('price_drop', { quoteId: 100, wishId: 4 })];
    expect(planChannelMessages(alerts, [channel()]).map((m) => m.idempotencyKey)).toEqual([
      'shelfwatch-q100-w3-c1',
      'shelfwatch-q101-w3-c1',
      'shelfwatch-q100-w4-c1',
    ]);
  });

  it('keeps the channel\'s delivery, so a digest channel\'s messages wait for the day\'s e-mail', () => {
    expect(planChannelMessages([raised('new_lowest')], [channel({ kind: 'email', delivery: 'daily_digest' })])[0]).toMatchObject({ kind: 'email', delivery: 'daily_digest' });
  });

  it('sends one message per receiver per quote: channels of one user on one host share it, the oldest channel takes it', () => {
    const channels = [
      channel({ channelId: 1, target: 'https://hooks.example/a', alertKinds: ['back_in_stock'] }),
      channel({ channelId: 2, target: 'https://hooks.example/b' }),
      channel({ channelId: 3, target: 'https://HOOKS.example:443/c' }),
      channel({ channelId: 4, target: 'https://other.example/a' }),
      channel({ channelId: 5, kind: 'ntfy', target: 'https://hooks.example/topic' }),
      channel({ channelId: 6, kind: 'email', target: 'ann@example.org' }),
      channel({ channelId: 7, kind: 'email', target: 'ANN@example.org' }),
      channel({ channelId: 8, kind: 'email', target: 'bob@example.org' }),
      channel({ channelId: 9, userId: 8, target: 'https://hooks.example/a' }),
    ];
    const planned = planChannelMessages([raised('price_drop'), raised('price_drop', { quoteId: 101 })], channels);
    // Channel 1 does not take price drops, so channel 2 is the host's; another user's channel is theirs.
    expect(planned.map((m) => m.channelId)).toEqual([2, 4, 5, 6, 8, 2, 4, 5, 6, 8]);
  });

  it('makes each borrowable alert a message of its own, to the channels that name the kind (it belongs with none)', () => {
    const borrowable = (alertId: number, wishId: number) =>
      raised('borrowable', { alertId, wishId, quoteId: null, editionId: null, storeId: null, storeName: null, amount: null, currency: null, previousAmount: null, url: 'https://openlibrary.org/borrow' });
    const channels = [channel({ channelId: 1 }), channel({ channelId: 2, alertKinds: ['borrowable'] })];
    const planned = planChannelMessages([borrowable(41, 3), borrowable(42, 4), raised('price_drop', { alertId: 43 })], channels);
    expect(planned.map((m) => [m.channelId, m.idempotencyKey, m.lead.alertId, m.reasons])).toEqual([
      [2, 'shelfwatch-a41-c2', 41, ['borrowable']],
      [2, 'shelfwatch-a42-c2', 42, ['borrowable']],
      [1, 'shelfwatch-q100-w3-c1', 43, ['price_drop']],
    ]);
  });
});
