import { inject, injectable } from 'inversify';
import { healthWindowStart, type StoreHealth, storeHealthOf } from '../../domain/pricing/store-health.js';
import type { PageRequest, PageSlice } from '../../domain/shared/page.js';
import { Clock } from '../shared/clock.js';
import { StoreHealthReader } from './ports/store-health.js';

/** `GET /api/store-health`: every store's health (or the listed stores'), a page at a time, in one read. */
@injectable()
export class ListStoreHealth {
  constructor(
    @inject(StoreHealthReader) private readonly reader: StoreHealthReader,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(filter: { ids?: readonly number[] }, page: PageRequest): Promise<PageSlice<StoreHealth>> {
    const since = healthWindowStart(this.clock.now());
    const slice = await this.reader.pageOfTallies({ ...filter, since }, page);
    return { items: slice.items.map((s) => storeHealthOf(s.storeId, since, s.tallies)), hasMore: slice.hasMore };
  }
}
