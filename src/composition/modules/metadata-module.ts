import { ContainerModule } from 'inversify';
import type { ExchangeRatesConfig, LendingConfig, MetadataConfig } from '../../../config/config.js';
import { BookMetadataSource } from '../../application/catalog/ports/book-metadata-source.js';
import { BorrowCheckPolicy } from '../../application/catalog/ports/borrow-check-policy.js';
import { LendingAvailabilitySource } from '../../application/catalog/ports/lending-availability-source.js';
import { ExchangeRateSource } from '../../application/pricing/ports/exchange-rate-source.js';
import { ExchangeRatesPolicy } from '../../application/pricing/ports/exchange-rates-policy.js';
import { lendingSourceOf } from '../../adapters/metadata/configured-lending-source.js';
import { metadataSourceOf } from '../../adapters/metadata/configured-metadata-source.js';
import { EcbExchangeRateSource } from '../../adapters/rates/ecb-exchange-rate-source.js';

/** The configured sources, in METADATA_SOURCES order, as one BookMetadataSource (none: every ISBN is unknown). */
export const metadataModule = (metadata: MetadataConfig) =>
  new ContainerModule(({ bind }) => {
    bind(BookMetadataSource).toConstantValue(metadataSourceOf(metadata));
  });

/**
 * Whether wished books can be borrowed: Open Library's lending programme (another lender, a library catalogue, would be
 * another LendingAvailabilitySource), checked by the enrichment as LENDING and LENDING_REFRESH say.
 */
export const lendingModule = (lending: LendingConfig, metadata: MetadataConfig) =>
  new ContainerModule(({ bind }) => {
    bind(LendingAvailabilitySource).toConstantValue(lendingSourceOf(lending, metadata));
    bind(BorrowCheckPolicy).toConstantValue({ enabled: lending.enabled, refreshAfterSeconds: lending.refreshAfterSeconds });
  });

/** The reference exchange rates: the European Central Bank's publication (or FX_RATES_URL's mirror of it). */
export const exchangeRatesModule = (rates: ExchangeRatesConfig) =>
  new ContainerModule(({ bind }) => {
    bind(ExchangeRateSource).toConstantValue(new EcbExchangeRateSource({ baseUrl: rates.url, userAgent: rates.userAgent, timeoutMs: rates.timeoutMs }));
    bind(ExchangeRatesPolicy).toConstantValue({ enabled: rates.enabled });
  });
