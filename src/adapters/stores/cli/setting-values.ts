import { editionIdentifiers } from '../../../domain/catalog/edition-identifiers.js';
import { Gtin } from '../../../domain/catalog/gtin.js';
import { Isbn } from '../../../domain/catalog/isbn.js';
import { ValidationError } from '../../../domain/shared/domain-error.js';
import { Money } from '../../../domain/shared/money.js';
import { EXTRACTION_SOURCES, type ExtractionSource } from '../extraction/types.js';
import { selectorProblem } from '../recipes/css-selector-check.js';

/** A setting the CLI cannot use: a usage error on the command line, a `bad_input` line in a batch. */
export class SettingsError extends Error {}

export function isbn13Of(raw: string, name: string): string {
  const isbn = Isbn.tryParse(raw);
  if (isbn === null) throw new SettingsError(`${name} ${JSON.stringify(raw)} is not a valid ISBN-10 or ISBN-13`);
  return isbn.isbn13;
}

/** A GTIN (EAN-13, UPC-A, GTIN-14 or GTIN-8, spaces and hyphens allowed) in its canonical form; the check digit must hold. */
export function gtinOf(raw: string, name: string): string {
  try {
    return Gtin.parse(raw).canonical;
  } catch (error) {
    if (error instanceof ValidationError) throw new SettingsError(`${name} ${JSON.stringify(raw)} is ${error.details?.[0]?.message ?? 'not a valid GTIN'}`);
    throw error;
  }
}

/**
 * The edition's ISBN-13 and GTIN as the catalog would hold them (`editionIdentifiers`): a GTIN starting 978/979 is an
 * ISBN, so it becomes the ISBN when none is given and must be the given one otherwise. Both already checked alone.
 */
export function editionIdsOf(isbn13: string | undefined, gtin: string | undefined, names: { isbn: string; gtin: string }): { isbn13?: string; gtin?: string } {
  if (gtin === undefined) return isbn13 === undefined ? {} : { isbn13 };
  try {
    const ids = editionIdentifiers(isbn13 ?? null, gtin);
    return { ...(ids.isbn13 !== null ? { isbn13: ids.isbn13 } : {}), ...(ids.gtin !== null && !Gtin.parse(ids.gtin).isIsbn ? { gtin: ids.gtin } : {}) };
  } catch (error) {
    if (error instanceof ValidationError) {
      throw new SettingsError(`${names.gtin} ${JSON.stringify(gtin)} starts 978 or 979, so it is an ISBN-13: it must be ${names.isbn}'s (${isbn13 ?? ''}), or be given as ${names.isbn}`);
    }
    throw error;
  }
}

export function currencyCode(raw: string, name: string): string {
  const code = raw.trim().toUpperCase();
  if (!Money.isCurrency(code)) throw new SettingsError(`${name} ${JSON.stringify(raw)} is not an ISO 4217 currency code (EUR, USD, GBP…)`);
  return code;
}

export function offerChoiceOf(raw: string, name: string): 'first' | 'lowest' {
  if (raw === 'first' || raw === 'lowest') return raw;
  throw new SettingsError(`${name} must be first or lowest, not ${JSON.stringify(raw)}`);
}

export function trustSourceOf(raw: string, name: string): ExtractionSource {
  const source = EXTRACTION_SOURCES.find((known) => known === raw);
  if (source === undefined) throw new SettingsError(`${name} must be one of ${EXTRACTION_SOURCES.join(', ')}, not ${JSON.stringify(raw)}`);
  return source;
}

/** An absolute http(s) address: the page's host is what picks the store recipe. */
export function pageUrlOf(raw: string, name: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SettingsError(`${name} ${JSON.stringify(raw)} is not an absolute URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new SettingsError(`${name} must be an http or https URL, not ${raw}`);
  return url.href;
}

/** A store selector (may end in `@attribute`), checked by the same CSS engine the page reader uses. */
export function selectorOf(raw: string, name: string): string {
  const problem = selectorProblem(raw, { attribute: true });
  if (problem !== null) throw new SettingsError(`${name} ${problem}`);
  return raw.trim();
}
