import { ContainerModule } from 'inversify';
import type { PricingConfig } from '../../../config/config.js';
import { DropConfirmationPolicy } from '../../application/pricing/ports/drop-confirmation-policy.js';
import { PriceSource } from '../../application/pricing/ports/price-source.js';
import { ExtractionThreads } from '../../adapters/stores/extraction-threads.js';
import { HtmlPriceSource } from '../../adapters/stores/html-price-source.js';
import { PoliteHttpClient } from '../../adapters/stores/polite-http-client.js';

/** Store pages read over HTTP with the politeness settings from configuration. */
export const storeFetchingModule = (pricing: PricingConfig) =>
  new ContainerModule(({ bind }) => {
    const http = new PoliteHttpClient({
      userAgent: pricing.userAgent,
      timeoutMs: pricing.timeoutMs,
      retries: pricing.retries,
      concurrency: pricing.storeConcurrency,
      minIntervalMs: pricing.storeMinIntervalMs,
    });
    // Pages are read on a worker thread when the machine has a core to spare (extraction-threads.ts).
    bind(PriceSource).toConstantValue(new HtmlPriceSource(http, new ExtractionThreads()));
    // A large drop is read twice before it alerts (ALERT_CONFIRM_DROP_PERCENT; absent from a hand-made config: never).
    bind(DropConfirmationPolicy).toConstantValue({ dropPercent: pricing.alertConfirmDropPercent ?? null });
  });
