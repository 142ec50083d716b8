import type { MetadataConfig, MetadataSourceName } from '../../../config/config.js';
import { ChainedMetadataSource } from '../../application/catalog/chained-metadata-source.js';
import type { BookMetadataSource } from '../../application/catalog/ports/book-metadata-source.js';
import { GoogleBooksMetadataSource } from './google-books-metadata-source.js';
import { MetadataHttpClient } from './metadata-http-client.js';
import { OpenLibraryMetadataSource } from './open-library-metadata-source.js';

/** The configured sources, in METADATA_SOURCES order, as one BookMetadataSource (none: every ISBN is unknown). */
export function metadataSourceOf(metadata: MetadataConfig): BookMetadataSource {
  return new ChainedMetadataSource(metadata.sources.map((name) => sourceNamed(name, metadata)));
}

function sourceNamed(name: MetadataSourceName, metadata: MetadataConfig): BookMetadataSource {
  // One client per source: each has its own spacing and its own Retry-After.
  const http = (secrets: string[] = []) =>
    new MetadataHttpClient({
      source: name,
      userAgent: metadata.userAgent,
      timeoutMs: metadata.timeoutMs,
      retries: metadata.retries,
      minIntervalMs: metadata.minIntervalMs,
      secrets,
    });
  switch (name) {
    case 'open-library':
      return new OpenLibraryMetadataSource(metadata.openLibraryUrl, http());
    case 'google-books': {
      const key = metadata.googleBooksApiKey;
      return new GoogleBooksMetadataSource(metadata.googleBooksUrl, http(key ? [key, encodeURIComponent(key)] : []), key);
    }
  }
}
