import type { LendingConfig, MetadataConfig } from '../../../config/config.js';
import type { LendingAvailabilitySource } from '../../application/catalog/ports/lending-availability-source.js';
import { MetadataHttpClient } from './metadata-http-client.js';
import { OpenLibraryLendingSource } from './open-library-lending-source.js';

/**
 * Open Library's lending programme, asked as the metadata sources are (METADATA_TIMEOUT_MS, METADATA_RETRIES,
 * METADATA_MIN_INTERVAL_MS, FETCH_USER_AGENT) with a client of its own: its spacing and Retry-After are its own.
 */
export function lendingSourceOf(lending: LendingConfig, metadata: MetadataConfig): LendingAvailabilitySource {
  const http = new MetadataHttpClient({
    source: 'open-library',
    userAgent: metadata.userAgent,
    timeoutMs: metadata.timeoutMs,
    retries: metadata.retries,
    minIntervalMs: metadata.minIntervalMs,
  });
  return new OpenLibraryLendingSource(lending.url, http);
}
