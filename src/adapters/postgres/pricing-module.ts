import { ContainerModule } from 'inversify';
import { AlertDetector } from '../../application/pricing/ports/alert-detector.js';
import { Consolidation } from '../../application/pricing/ports/consolidation.js';
import { FetchRunRepository } from '../../application/pricing/ports/fetch-runs.js';
import { PricingRepository } from '../../application/pricing/ports/pricing-repository.js';
import { ScheduledRuns } from '../../application/pricing/ports/scheduled-runs.js';
import { FetchOutcomeLedger, StoreHealthReader } from '../../application/pricing/ports/store-health.js';
import { PriceHistoryReader } from '../../application/pricing/ports/price-history.js';
import { SqlAlertDetector } from './repositories/sql-alert-detector.js';
import { SqlConsolidation } from './repositories/sql-consolidation.js';
import { SqlFetchRunRepository } from './repositories/sql-fetch-run-repository.js';
import { SqlPricingRepository } from './repositories/sql-pricing-repository.js';
import { SqlScheduledRuns } from './repositories/sql-scheduled-runs.js';
import { SqlStoreHealth } from './repositories/sql-store-health.js';
import { SqlPriceHistory } from './repositories/sql-price-history.js';

/** Price quotes, fetch runs, consolidation, alert detection, schedule claims and fetch outcomes in PostgreSQL. */
export const pricingPersistenceModule = new ContainerModule(({ bind }) => {
  bind(PricingRepository).to(SqlPricingRepository).inSingletonScope();
  bind(AlertDetector).to(SqlAlertDetector).inSingletonScope();
  bind(FetchRunRepository).to(SqlFetchRunRepository).inSingletonScope();
  bind(Consolidation).to(SqlConsolidation).inSingletonScope();
  bind(ScheduledRuns).to(SqlScheduledRuns).inSingletonScope();
  bind(SqlStoreHealth).toSelf().inSingletonScope();
  bind(FetchOutcomeLedger).toService(SqlStoreHealth);
  bind(StoreHealthReader).toService(SqlStoreHealth);
  bind(PriceHistoryReader).to(SqlPriceHistory).inSingletonScope();
});
