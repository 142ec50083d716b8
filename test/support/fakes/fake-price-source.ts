import type { FetchRequester, PriceSource, StoreTarget } from '../../../src/application/pricing/ports/price-source.js';
import type { PriceFetchResult } from '../../../src/domain/pricing/price-observation.js';

/**
 * Answers per product URL what the test said (`answer`), else `not_found`. `fetched` lists the targets asked for,
 * `requesters` who asked (in the same order); `beforeAnswer` runs before each answer, to act "while the page is being fetched".
 */
export class FakePriceSource implements PriceSource {
  readonly fetched: StoreTarget[] = [];
  readonly requesters: Array<FetchRequester | undefined> = [];
  beforeAnswer: ((target: StoreTarget) => Promise<void> | void) | null = null;
  private readonly answers = new Map<string, PriceFetchResult>();

  answer(productUrl: string, result: PriceFetchResult): this {
    this.answers.set(productUrl, result);
    return this;
  }

  async fetchPrice(target: StoreTarget, requester?: FetchRequester): Promise<PriceFetchResult> {
    this.fetched.push(target);
    this.requesters.push(requester);
    await this.beforeAnswer?.(target);
    return this.answers.get(target.productUrl) ?? { ok: false, failure: { kind: 'not_found', message: `no page at ${target.productUrl}` } };
  }
}
