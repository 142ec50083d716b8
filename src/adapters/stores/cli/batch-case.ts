import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ExtractionSelectors } from '../extraction/types.js';
import { definedOnly, type CliOptions } from './cli-options.js';
import type { ReadingRequest } from './extraction-settings.js';
import { currencyCode, editionIdsOf, gtinOf, isbn13Of, offerChoiceOf, pageUrlOf, selectorOf, SettingsError, trustSourceOf } from './setting-values.js';

/** One line of a batch file, checked: where its page comes from and what reading it asks for. */
export type BatchCase = { page: { file: string } | { html: string }; request: ReadingRequest };

const FIELDS = ['file', 'html', 'url', 'store', 'currency', 'isbn', 'gtin', 'selectors', 'offer_choice', 'trust'];
const SELECTOR_FIELDS = ['price', 'currency', 'availability'] as const;

/**
 * Reads `{"file"|"html", "url", "store", "currency", "isbn", "gtin", "selectors", "offer_choice", "trust"}`; a relative
 * `file` is relative to the batch file's folder. The command line's options apply to every case; a case's own
 * fields win. An unknown field is an error, so a misspelt setting is never silently ignored. Throws SettingsError.
 */
export function parseBatchCase(line: string, lineNumber: number, batchFile: string, defaults: CliOptions): BatchCase {
  const fields = jsonObject(line);
  const unknown = Object.keys(fields).filter((name) => !FIELDS.includes(name));
  if (unknown.length > 0) throw new SettingsError(`unknown field ${unknown.map((name) => JSON.stringify(name)).join(', ')} (known: ${FIELDS.join(', ')})`);
  const text = (name: string): string | undefined => {
    const value = fields[name];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'string' || value.trim() === '') throw new SettingsError(`"${name}" must be a non-empty string`);
    return value;
  };
  const file = text('file');
  const html = typeof fields.html === 'string' ? fields.html : text('html');
  if ((file === undefined) === (html === undefined)) throw new SettingsError('a case needs "file" or "html" (one of them)');
  const filePath = file === undefined ? undefined : path.resolve(path.dirname(batchFile), file);

  const url = text('url');
  const pageUrl =
    (url === undefined ? undefined : pageUrlOf(url, '"url"')) ??
    defaults.url ??
    (filePath !== undefined ? pathToFileURL(filePath).href : `${pathToFileURL(path.resolve(batchFile)).href}#line-${lineNumber}`);
  const currency = text('currency');
  const isbn = text('isbn');
  const gtin = text('gtin');
  const ids = editionIdsOf(
    isbn === undefined ? defaults.isbn13 : isbn13Of(isbn, '"isbn"'),
    gtin === undefined ? defaults.gtin : gtinOf(gtin, '"gtin"'),
    { isbn: '"isbn"', gtin: '"gtin"' },
  );
  const offerChoice = text('offer_choice');
  const trust = text('trust');
  const request: ReadingRequest = {
    pageUrl,
    store: text('store') ?? defaults.store,
    currency: currency === undefined ? defaults.currency : currencyCode(currency, '"currency"'),
    isbn13: ids.isbn13,
    gtin: ids.gtin,
    selectors: { ...defaults.selectors, ...caseSelectors(fields.selectors) },
    offerChoice: offerChoice === undefined ? defaults.offerChoice : offerChoiceOf(offerChoice, '"offer_choice"'),
    trust: trust === undefined ? defaults.trust : trustSourceOf(trust, '"trust"'),
  };
  return { page: filePath !== undefined ? { file: filePath } : { html: html ?? '' }, request };
}

function jsonObject(line: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    throw new SettingsError(`not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new SettingsError('a case must be a JSON object');
  return value as Record<string, unknown>;
}

function caseSelectors(value: unknown): ExtractionSelectors {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw new SettingsError('"selectors" must be an object {price, currency, availability}');
  const fields = value as Record<string, unknown>;
  const unknown = Object.keys(fields).filter((name) => !(SELECTOR_FIELDS as readonly string[]).includes(name));
  if (unknown.length > 0) throw new SettingsError(`"selectors" has unknown field ${unknown.map((name) => JSON.stringify(name)).join(', ')} (known: ${SELECTOR_FIELDS.join(', ')})`);
  const selector = (name: (typeof SELECTOR_FIELDS)[number]): string | undefined => {
    const css = fields[name];
    if (css === undefined || css === null) return undefined;
    if (typeof css !== 'string') throw new SettingsError(`"selectors.${name}" must be a string`);
    return selectorOf(css, `"selectors.${name}"`);
  };
  return definedOnly({ price: selector('price'), currency: selector('currency'), availability: selector('availability') });
}
