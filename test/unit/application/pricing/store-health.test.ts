// GetStoreHealth and ListStoreHealth over an in-memory ledger: the 7-day window, unknown stores, the ids filter.
import { describe, expect, it } from 'vitest';
import { GetStoreHealth } from '../../../../src/application/pricing/get-store-health.js';
import { ListStoreHealth } from '../../../../src/application/pricing/list-store-health.js';
import { StoreNotFoundError } from '../../../../src/domain/pricing/store-health.js';
import { FakeClock } from '../../../support/fakes/fake-clock.js';
import { InMemoryFetchOutcomeLedger } from '../../../support/fakes/in-memory-fetch-outcome-ledger.js';

function world() {
  const clock = new FakeClock();
  const ledger = new InMemoryFetchOutcomeLedger();
  for (const id of [1, 2, 3]) ledger.storeIds.add(id);
  return { clock, ledger, get: new GetStoreHealth(ledger, clock), list: new ListStoreHealth(ledger, clock) };
}

const DAY = 86_400_000;

describe('GetStoreHealth', () => {
  it('counts the outcomes of the last 7 days only', async () => {
    const { clock, ledger, get } = world();
    const now = clock.now().getTime();
    await ledger.record([
      { storeId: 1, at: new Date(now - 8 * DAY), failure: { kind: 'timeout', message: 'old' } },
      { storeId: 1, at: new Date(now - 6 * DAY), failure: null },
      { storeId: 1, at: new Date(now - DAY), failure: { kind: 'http_error', message: 'HTTP 500' } },
      { storeId: 2, at: new Date(now - DAY), failure: null },
    ]);
    expect(await get.execute(1)).toEqual({
      storeId: 1,
      since: new Date(now - 7 * DAY),
      attempts: 2,
      prices: 1,
      refusals: { http_error: 1 },
      lastPriceAt: new Date(now - 6 * DAY),
      lastFailure: { kind: 'http_error', message: 'HTTP 500', at: new Date(now - DAY) },
    });
  });

  it('refuses an unknown store with not_found', async () => {
    const refused = world().get.execute(9);
    await expect(refused).rejects.toBeInstanceOf(StoreNotFoundError);
    await expect(refused).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('ListStoreHealth', () => {
  it("answers a page of stores' health by id, only the listed ones when ids are given", async () => {
    const { clock, ledger, list } = world();
    await ledger.record([{ storeId: 3, at: clock.now(), failure: { kind: 'blocked', message: 'captcha' } }]);
    const all = await list.execute({}, { window: { kind: 'first' }, size: 2 });
    expect(all.items.map((h) => h.storeId)).toEqual([1, 2]);
    expect(all.hasMore).toBe(true);
    const some = await list.execute({ ids: [3, 9, 1] }, { window: { kind: 'first' }, size: 20 });
    expect(some.items.map((h) => [h.storeId, h.attempts, h.refusals])).toEqual([[1, 0, {}], [3, 1, { blocked: 1 }]]);
  });
});
