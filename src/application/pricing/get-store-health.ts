import { inject, injectable } from 'inversify';
import { healthWindowStart, type StoreHealth, storeHealthOf, StoreNotFoundError } from '../../domain/pricing/store-health.js';
import { Clock } from '../shared/clock.js';
import { StoreHealthReader } from './ports/store-health.js';

/** `GET /api/stores/:storeId/health`: how the store's price fetches ended over the last 7 days. */
@injectable()
export class GetStoreHealth {
  constructor(
    @inject(StoreHealthReader) private readonly reader: StoreHealthReader,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(storeId: number): Promise<StoreHealth> {
    const since = healthWindowStart(this.clock.now());
    const found = await this.reader.talliesOf(storeId, since);
    if (!found) throw new StoreNotFoundError(storeId);
    return storeHealthOf(storeId, since, found.tallies);
  }
}
