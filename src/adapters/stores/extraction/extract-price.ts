import { readPage } from './read-page.js';
import type { ExtractionConfig, ExtractionReport, ExtractionResult } from './types.js';

/** The edition's price on a store page, or why there is none (read-page.ts has the rules). */
export function extractPrice(html: string, pageUrl: string, config: ExtractionConfig): ExtractionResult {
  return readPage(html, pageUrl, config).result;
}

/** The reading of a page with the reasons: every source's candidates and decision (the extraction CLI prints it). */
export function explainPrice(html: string, pageUrl: string, config: ExtractionConfig): ExtractionReport {
  return readPage(html, pageUrl, config);
}
