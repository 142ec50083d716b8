import { ContainerModule } from 'inversify';
import type { PricingConfig } from '../../../config/config.js';
import { PriceSource } from '../../application/pricing/ports/price-source.js';
import { HtmlPriceSource } from './html-price-source.js';
import { PoliteHttpClient } from './polite-http-client.js';

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
    bind(PriceSource).toConstantValue(new HtmlPriceSource(http));
  });
