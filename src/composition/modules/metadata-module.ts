import { ContainerModule } from 'inversify';
import type { ExchangeRatesConfig, MetadataConfig } from '../../../config/config.js';
import { BookMetadataSource } from '../../application/catalog/ports/book-metadata-source.js';
import { ExchangeRateSource } from '../../application/pricing/ports/exchange-rate-source.js';
import { metadataSourceOf } from '../../adapters/metadata/configured-metadata-source.js';
import { EcbExchangeRateSource } from '../../adapters/rates/ecb-exchange-rate-source.js';

/** The configured sources, in METADATA_SOURCES order, as one BookMetadataSource (none: every ISBN is unknown). */
export const metadataModule = (metadata: MetadataConfig) =>
  new ContainerModule(({ bind }) => {
    bind(BookMetadataSource).toConstantValue(metadataSourceOf(metadata));
  });

/** The reference exchange rates: the European Central Bank's publication (or FX_RATES_URL's mirror of it). */
export const exchangeRatesModule = (rates: ExchangeRatesConfig) =>
  new ContainerModule(({ bind }) => {
    bind(ExchangeRateSource).toConstantValue(new EcbExchangeRateSource({ baseUrl: rates.url, userAgent: rates.userAgent, timeoutMs: rates.timeoutMs }));
  });
