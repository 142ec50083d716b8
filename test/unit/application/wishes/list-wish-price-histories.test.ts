// ListWishPriceHistories on a hand-written fake: the window from the clock, the days checked, ids read once.
import { describe, expect, it } from 'vitest';
import { ListWishPriceHistories } from '../../../../src/application/wishes/list-wish-price-histories.js';
import { ValidationError } from '../../../../src/domain/shared/domain-error.js';
import { historyWindow } from '../../../../src/domain/wishes/price-history.js';
import { FakeClock } from '../../../support/fakes/fake-clock.js';
import { InMemoryWishPriceHistory } from '../../../support/fakes/in-memory-wish-price-history.js';
import { euros } from '../../../support/mothers/wishes.js';

const READER = 5;
const OTHER_READER = 6;

function world() {
  const reader = new InMemoryWishPriceHistory()
    .add(READER, { wishId: 2, currency: 'EUR', points: [{ date: '2026-08-01', price: euros('11.00') }, { date: '2026-11-24', price: euros('9.50') }] })
    .add(READER, { wishId: 1, currency: 'EUR', points: [] })
    .add(OTHER_READER, { wishId: 3, currency: 'EUR', points: [{ date: '2026-11-24', price: euros('1.00') }] });
  const clock = new FakeClock(new Date('2026-11-25T23:59:00Z'));
  return { reader, use: new ListWishPriceHistories(reader, clock) };
}

describe('historyWindow', () => {
  it('ends today (UTC) and holds `days` days', () => {
    expect(historyWindow(new Date('2026-11-25T23:59:00Z'), 90)).toEqual({ firstDay: '2026-08-28', since: new Date('2026-08-28T00:00:00Z') });
    expect(historyWindow(new Date('2026-03-01T00:00:00Z'), 1)).toEqual({ firstDay: '2026-03-01', since: new Date('2026-03-01T00:00:00Z') });
  });
});

describe('ListWishPriceHistories', () => {
  it("answers the user's listed wishes in id order, each once, over the window ending today", async () => {
    const { reader, use } = world();
    const histories = await use.execute(READER, [2, 3, 1, 2, 9], 90);
    expect(histories.map((h) => h.wishId)).toEqual([1, 2]);
    expect(histories[1]!.points).toEqual([{ date: '2026-11-24', price: euros('9.50') }]);
    expect(reader.calls).toEqual([{ userId: READER, wishIds: [2, 3, 1, 9], window: { firstDay: '2026-08-28', since: new Date('2026-08-28T00:00:00Z') } }]);
  });

  it('refuses a window outside 1..365 days, naming days, without reading', async () => {
    const { reader, use } = world();
    for (const days of [0, 366, 1.5, -1]) {
      await expect(use.execute(READER, [1], days)).rejects.toBeInstanceOf(ValidationError);
      await expect(use.execute(READER, [1], days)).rejects.toMatchObject({ details: [{ field: 'days' }] });
    }
    expect(reader.calls).toEqual([]);
    expect(await use.execute(READER, [1], 365)).toHaveLength(1);
  });
});
