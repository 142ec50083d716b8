import { pagesOf, yearOf } from './numbers.js';
import { cleanText } from './text-cells.js';

export interface Publication {
  publisher: string | null;
  year: number | null;
  /** What follows the publisher and year, "Paperback, 256 pages": the binding and length when given. */
  details: string | null;
  pages: number | null;
}

/**
 * LibraryThing's "Publication" cell: "Penguin (2001), Paperback, 256 pages" from its own sources, or the
 * library-catalogue form "New York : Ace Books, 1990". Anything else gives no publisher, but still its year.
 */
export function readPublication(cell: string | undefined): Publication {
  const text = cleanText(cell);
  if (text === null) return { publisher: null, year: null, details: null, pages: null };
  const withYear = /^([^()]+?)\s*\(([^()]*\d{4}[^()]*)\)\s*,?\s*(.*)$/.exec(text);
  if (withYear) return publication(withYear[1], yearOf(withYear[2]), withYear[3]);
  const catalogue = /^[^:,]+?\s:\s*([^,]+?)\s*,\s*[c©]?\s*(\d{4})\b\.?\s*,?\s*(.*)$/.exec(text);
  if (catalogue) return publication(catalogue[1], yearOf(catalogue[2]), catalogue[3]);
  return { publisher: null, year: yearOf(text), details: null, pages: null };
}

function publication(publisher: string | undefined, year: number | null, rest: string | undefined): Publication {
  const details = cleanText(rest);
  const length = /(\d{1,5})\s*(?:pages|pp?\.)/i.exec(details ?? '');
  return { publisher: cleanText(publisher), year, details, pages: length ? pagesOf(length[1]) : null };
}
