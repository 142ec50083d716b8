import { load } from 'cheerio/slim';
import { parseStoreSelector } from '../extraction/store-selector.js';

const EMPTY_PAGE = load('');

/**
 * Why a store selector cannot work, or null when it parses: its CSS part (after the `@attribute` suffix the page
 * reader strips, by the page reader's own parser) is run against an empty page by the same engine the page reader
 * uses (cheerio's css-select, with its jQuery extensions such as `:contains`).
 */
export function selectorProblem(selector: string, options: { attribute: boolean }): string | null {
  const { css, attribute } = parseStoreSelector(selector);
  if (!options.attribute && attribute !== null) return 'must be a CSS selector without an @attribute suffix';
  if (css === '') return 'must be a CSS selector';
  // The page reader's `$(text)` would build HTML from it instead of selecting.
  if (css.startsWith('<')) return 'must be a CSS selector, not HTML';
  try {
    EMPTY_PAGE.root().find(css);
    return null;
  } catch (error) {
    return `is not a valid CSS selector (${error instanceof Error ? error.message : String(error)})`;
  }
}
