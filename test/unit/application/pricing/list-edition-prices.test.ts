// ListEditionPrices with hand-written fakes: an unknown edition is not found, a known one pages its quotes newest first.
import { describe, expect, it } from 'vitest';
import { ListEditionPrices } from '../../../../src/application/pricing/list-edition-prices.js';
import { EditionNotFoundError } from '../../../../src/domain/catalog/errors.js';
import { InMemoryEditionRepository } from '../../../support/fakes/in-memory-edition-repository.js';
import { InMemoryPricingRepository } from '../../../support/fakes/in-memory-pricing-repository.js';
import { anEdition, ISBNS } from '../../../support/mothers/catalog.js';
import { firstPage, pageAfter } from '../../../support/mothers/page.js';
import { aDailyQuote } from '../../../support/mothers/pricing.js';

function world() {
  const editions = new InMemoryEditionRepository().addExisting(anEdition({ id: 1, isbn: ISBNS[0] }), anEdition({ id: 2, isbn: ISBNS[1] }));
  const pricing = new InMemoryPricingRepository();
  return { use: new ListEditionPrices(editions, pricing), pricing };
}

describe('ListEditionPrices', () => {
  it("pages the edition's quotes only, newest first", async () => {
    const { use, pricing } = world();
    const [older, , newer] = pricing.addQuotes(aDailyQuote({ editionId: 1 }), aDailyQuote({ editionId: 2 }), aDailyQuote({ editionId: 1, storeId: 3 }));
    const first = await use.execute(1, firstPage(1));
    expect(first).toEqual({ items: [newer], hasMore: true });
    expect(await use.execute(1, pageAfter(newer!.id, 1))).toEqual({ items: [older], hasMore: false });
  });

  it('answers an empty page for a known edition without prices', async () => {
    const { use } = world();
    expect(await use.execute(2, firstPage())).toEqual({ items: [], hasMore: false });
  });

  it('refuses an unknown edition with not_found rather than an empty page', async () => {
    const { use } = world();
    const refused = use.execute(99, firstPage());
    await expect(refused).rejects.toBeInstanceOf(EditionNotFoundError);
    await expect(refused).rejects.toMatchObject({ code: 'not_found', message: 'Edition 99 does not exist' });
  });
});
