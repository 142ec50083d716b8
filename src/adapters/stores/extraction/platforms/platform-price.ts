import type { ExtractionContext, SourceOutcome } from '../types.js';
import { bigCommerce } from './bigcommerce.js';
import { lightspeed } from './lightspeed.js';
import { magento } from './magento.js';
import type { PlatformReader } from './platform-reader.js';
import { prestaShop } from './prestashop.js';
import { salesforceCommerce } from './salesforce-commerce.js';
import { shopify } from './shopify.js';
import { shopware } from './shopware.js';
import { vtex } from './vtex.js';
import { wooCommerce } from './woocommerce.js';

export const READERS: readonly PlatformReader[] = [magento, shopify, wooCommerce, prestaShop, shopware, bigCommerce, salesforceCommerce, vtex, lightspeed];

/**
 * How much of the page's start is searched for a platform's traces. Platforms announce themselves in the head
 * (asset hosts, script globals) and the body's opening tag; searching only there keeps a page of no known platform
 * at the cost of one bounded regex scan, whatever its size.
 */
const HEAD_CHARS = 131_072;
// Every reader's screen words as one case-insensitive pattern: a page without any has no platform's fingerprint.
const ANY_PLATFORM = new RegExp(READERS.flatMap((reader) => reader.screen.map((word) => word.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))).join('|'), 'i');

/**
 * The `platform` source: the price block of the shop platform a page runs on, read with the roles the platform gives
 * its parts (selling price, list or compare-at price, selected variant, stock). A witness beside the others: it reads
 * only the main item's block (never related, up-sell or recently viewed lists), never a list price where a selling
 * price is shown, and the selected variant's price when the page says which (else every variant's, for the chooser
 * to call ambiguous when they differ).
 */
export function fromPlatformPrice(html: string, ctx: ExtractionContext): SourceOutcome {
  const head = html.length > HEAD_CHARS ? html.slice(0, HEAD_CHARS) : html;
  const outcome: SourceOutcome = { candidates: [], problems: [] };
  if (!ANY_PLATFORM.test(head)) return outcome;
  for (const reader of READERS) {
    if (!reader.fingerprint.test(head)) continue;
    const read = reader.read(html, ctx);
    if (read === null) continue;
    outcome.candidates.push(...read.candidates);
    outcome.problems.push(...read.problems.map((problem) => `${reader.platform}: ${problem}`));
  }
  return outcome;
}
