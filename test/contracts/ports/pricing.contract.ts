// What FetchEditionPrices, RunFetchBundle and ListEditionPrices rely on from a PricingRepository: an edition's
// targets, the on-demand claims (one per edition per cooldown, `limit` per user per window, shared by every
// instance), quotes stored numbered and read newest first in keyset pages.
import { describe, expect, it } from 'vitest';
import type { PricingRepository } from '../../../src/application/pricing/ports/pricing-repository.js';
import type { EditionFormat } from '../../../src/domain/catalog/edition.js';
import type { NewDailyQuote } from '../../../src/domain/pricing/price-quote.js';
import { Money } from '../../../src/domain/shared/money.js';
import { expectKeysetPages } from './keyset-pages.js';

export interface PricedEditionSeed {
  editionId: number;
  bookId: number;
  isbn: string;
  format: EditionFormat;
  /** The stores asked for it, in id order. */
  storeIds: number[];
}

export interface PricingWorld {
  pricing: PricingRepository;
  /** An edition of a new book, asked at `stores` new stores and no other (0: no store sells it). */
  anEdition(stores: number): Promise<PricedEditionSeed>;
  aUser(): Promise<number>;
}

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 25, 3, 0, 0) + seconds * 1000);
const quoteOf = (editionId: number, storeId: number, amount: string, fetchedAt = at(0)): NewDailyQuote => ({
  editionId,
  storeId,
  price: Money.parse(amount, 'EUR'),
  availability: 'in_stock',
  url: `https://store.example/${editionId}`,
  fetchedAt,
});

export function describePricingRepositoryContract(name: string, makeSubject: () => Promise<PricingWorld>): void {
  describe(`PricingRepository contract: ${name}`, () => {
    it("answers an edition's targets in store order, and null for an edition that does not exist", async () => {
      const w = await makeSubject();
      const edition = await w.anEdition(2);
      const targets = await w.pricing.editionTargets(edition.editionId);
      expect(targets).toMatchObject({ editionId: edition.editionId, bookId: edition.bookId, isbn: edition.isbn, format: edition.format });
      expect(targets!.targets.map((t) => [t.storeId, t.isbn13, t.currency])).toEqual(edition.storeIds.map((id) => [id, edition.isbn, 'EUR']));
      expect(targets!.targets.every((t) => t.productUrl.includes(edition.isbn))).toBe(true);
      expect((await w.pricing.editionTargets((await w.anEdition(0)).editionId))?.targets).toEqual([]);
      expect(await w.pricing.editionTargets(edition.editionId + 1000)).toBeNull();
    });

    it("answers a task's target only for a store asked for the edition", async () => {
      const w = await makeSubject();
      const edition = await w.anEdition(1);
      const elsewhere = await w.anEdition(1);
      const [store] = edition.storeIds;
      expect(await w.pricing.taskTarget(edition.editionId, store!)).toMatchObject({ bookId: edition.bookId, target: { storeId: store, isbn13: edition.isbn } });
      expect(await w.pricing.taskTarget(edition.editionId, elsewhere.storeIds[0]! + 1000)).toBeNull();
      expect(await w.pricing.taskTarget(edition.editionId + 1000, store!)).toBeNull();
    });

    it("claims an edition's on-demand fetch once per cooldown, answering the seconds left", async () => {
      const w = await makeSubject();
      const [edition, other] = [await w.anEdition(1), await w.anEdition(1)];
      expect(await w.pricing.claimOnDemandFetch(edition.editionId, 60, at(0))).toEqual({ claimed: true });
      expect(await w.pricing.claimOnDemandFetch(edition.editionId, 60, at(20.5))).toEqual({ claimed: false, retryAfterSeconds: 40 });
      expect(await w.pricing.claimOnDemandFetch(edition.editionId, 60, at(59.9))).toEqual({ claimed: false, retryAfterSeconds: 1 });
      expect(await w.pricing.claimOnDemandFetch(other.editionId, 60, at(30))).toEqual({ claimed: true });
      // A refusal does not move the cooldown; the claim at its end does.
      expect(await w.pricing.claimOnDemandFetch(edition.editionId, 60, at(60))).toEqual({ claimed: true });
      expect(await w.pricing.claimOnDemandFetch(edition.editionId, 60, at(61))).toEqual({ claimed: false, retryAfterSeconds: 59 });
    });

    it('refuses the on-demand fetch of an edition that does not exist', async () => {
      const w = await makeSubject();
      const edition = await w.anEdition(1);
      expect(await w.pricing.claimOnDemandFetch(edition.editionId + 1000, 60, at(0))).toEqual({ claimed: false, retryAfterSeconds: 60 });
    });

    it("counts a user's on-demand fetches per window; the first fetch after a window ended starts the next", async () => {
      const w = await makeSubject();
      const [user, other] = [await w.aUser(), await w.aUser()];
      const quota = { limit: 2, windowSeconds: 600 };
      expect(await w.pricing.claimUserFetch(user, quota, at(0))).toEqual({ claimed: true });
      expect(await w.pricing.claimUserFetch(user, quota, at(100))).toEqual({ claimed: true });
      expect(await w.pricing.claimUserFetch(user, quota, at(199.5))).toEqual({ claimed: false, retryAfterSeconds: 401 });
      expect(await w.pricing.claimUserFetch(other, quota, at(200))).toEqual({ claimed: true });
      expect(await w.pricing.claimUserFetch(user, quota, at(600))).toEqual({ claimed: true });
      expect(await w.pricing.claimUserFetch(user, quota, at(700))).toEqual({ claimed: true });
      expect(await w.pricing.claimUserFetch(user, quota, at(800))).toEqual({ claimed: false, retryAfterSeconds: 400 });
    });

    it('stores daily quotes numbered, as given, with their evidence and whether they are suspect', async () => {
      const w = await makeSubject();
      const edition = await w.anEdition(2);
      const quotes = [
        { ...quoteOf(edition.editionId, edition.storeIds[0]!, '12.90', at(5)), evidence: 'json-ld 12.90 EUR; visible 12.90 agrees' },
        { ...quoteOf(edition.editionId, edition.storeIds[1]!, '0.99'), availability: 'out_of_stock' as const, suspect: true },
      ];
      const stored = await w.pricing.addDailyQuotes(quotes);
      expect(stored).toEqual(
        quotes.map((q) => ({ ...q, id: expect.any(Number), kind: 'daily', monthly: null, evidence: q.evidence ?? null, suspect: q.suspect === true })),
      );
      expect(stored[1]!.id).toBeGreaterThan(stored[0]!.id);
    });

    it("pages an edition's quotes newest first, without gaps, repeats or other editions' quotes", async () => {
      const w = await makeSubject();
      const edition = await w.anEdition(1);
      const other = await w.anEdition(1);
      const ids: number[] = [];
      for (let i = 0; i < 5; i++) {
        const [mine] = await w.pricing.addDailyQuotes([quoteOf(edition.editionId, edition.storeIds[0]!, `${10 + i}.00`, at(i))]);
        await w.pricing.addDailyQuotes([quoteOf(other.editionId, other.storeIds[0]!, '1.00', at(i))]);
        ids.push(mine!.id);
      }
      await expectKeysetPages((r) => w.pricing.pageOfEdition(edition.editionId, r), (q) => q.id, [...ids].reverse());
      expect(await w.pricing.pageOfEdition(edition.editionId + 1000, { window: { kind: 'first' }, size: 5 })).toEqual({ items: [], hasMore: false });
    });
  });
}
