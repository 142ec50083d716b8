// What a demonstration store sells when nobody overrides it: an invented book for every ISBN-13 and a price per
// store, both derived from a hash of (seed, store, ISBN), so pages repeat across restarts with the same seed.
import { amountFromMinorUnits, decimalsOf } from './money-format.js';
import { SeededHash } from './seeded-hash.js';
import type { DemoAvailability, DemoStoreSlug } from './demo-store-types.js';

export interface DemoBook {
  isbn: string;
  title: string;
  author: string;
  publisher: string;
  year: number;
  pages: number;
  /** Two sentences of blurb. */
  blurb: string;
}

export interface DemoOffer {
  amount: string;
  availability: DemoAvailability;
  /** A higher list price some stores show struck through, or null. */
  listAmount: string | null;
}

export interface RelatedBook extends DemoBook {
  amount: string;
}

const ADJECTIVES = ['Silent', 'Crimson', 'Hidden', 'Last', 'Winter', 'Paper', 'Glass', 'Distant', 'Salt', 'Quiet', 'Burning', 'Hollow', 'Northern', 'Little', 'Wandering', 'Forgotten'];
const NOUNS = ['Harbour', 'Orchard', 'Lantern', 'Cartographer', 'Garden', 'River', 'Archive', 'Lighthouse', 'Sparrow', 'Kingdom', 'Clockmaker', 'Island', 'Letters', 'Meadow', 'Observatory', 'Tide'];
const PLACES = ['Vellmoor', 'the Lowlands', 'Ashcombe', 'the Marsh', 'Kestrel Bay', 'Old Brennick', 'the Valley', 'Corvin Street'];
const FIRST_NAMES = ['Mara', 'Tobias', 'Ines', 'Oskar', 'Helena', 'Rafael', 'Ada', 'Jonas', 'Leonie', 'Emil', 'Priya', 'Callum', 'Sofia', 'Matteo', 'Ingrid', 'Nadia'];
const SURNAMES = ['Vance', 'Okafor', 'Lindqvist', 'Marchetti', 'Brandt', 'Castellano', 'Whitlock', 'Novak', 'Fairbairn', 'Haldane', 'Ferreira', 'Ashdown', 'Kowalczyk', 'Ruiz', 'Thorne', 'Adebayo'];
const PUBLISHERS = ['Lantern House', 'Quillfield Press', 'Northgate Books', 'Marlow & Finch', 'Harrow Lane Publishing', 'Bluestem Editions'];
const BLURB_OPENINGS = [
  'A sweeping story of memory and belonging',
  'A quietly devastating debut',
  'A darkly funny tale of ambition',
  'An intricate mystery told across three generations',
  'A luminous novel about friendship and loss',
  'A gripping account of one unforgettable summer',
];
const BLURB_CLOSINGS = [
  'Readers will not forget it soon.',
  'It is the book everyone will be talking about this year.',
  'Told with warmth, wit and enormous heart.',
  'Perfect for fans of literary suspense.',
  'A modern classic in the making.',
];

/** The invented book behind an ISBN (the same at every store). */
export function bookFor(isbn: string, seed: string): DemoBook {
  const h = new SeededHash(['book', seed, isbn]);
  const adjective = h.pick(ADJECTIVES);
  const noun = h.pick(NOUNS);
  const titles = [`The ${adjective} ${noun}`, `${noun}s of ${h.pick(PLACES)}`, `A ${adjective} ${noun}`, `The ${noun} of ${h.pick(PLACES)}`];
  return {
    isbn,
    title: h.pick(titles),
    author: `${h.pick(FIRST_NAMES)} ${h.pick(SURNAMES)}`,
    publisher: h.pick(PUBLISHERS),
    year: 1995 + h.below(31),
    pages: 160 + h.below(480),
    blurb: `${h.pick(BLURB_OPENINGS)}, set in ${h.pick(PLACES)}. ${h.pick(BLURB_CLOSINGS)}`,
  };
}

/** The store's own deterministic price and stock for an ISBN: 6.99–39.99 (600–4000 for JPY-like currencies). */
export function defaultOfferFor(store: DemoStoreSlug, isbn: string, seed: string, currency: string): DemoOffer {
  const h = new SeededHash(['offer', seed, store, isbn]);
  const amount = priceFrom(h, currency);
  const availability: DemoAvailability = h.below(100) < 5 ? 'out_of_stock' : 'in_stock';
  const listMinor = h.below(100) < 30 ? minorUnitsOf(amount, currency) + (decimalsOf(currency) === 0 ? 100 : 200) * (1 + h.below(3)) : null;
  return { amount, availability, listAmount: listMinor === null ? null : amountFromMinorUnits(listMinor, currency) };
}

/** Other books a store advertises beside the product (distinct ISBNs, with their own prices). */
export function relatedBooksFor(store: DemoStoreSlug, isbn: string, seed: string, currency: string, count: number): RelatedBook[] {
  const h = new SeededHash(['related', seed, store, isbn]);
  const related: RelatedBook[] = [];
  while (related.length < count) {
    const other = isbn13From(`978${String(h.below(1_000_000_000)).padStart(9, '0')}`);
    if (other === isbn || related.some((r) => r.isbn === other)) continue;
    related.push({ ...bookFor(other, seed), amount: defaultOfferFor(store, other, seed, currency).amount });
  }
  return related;
}

/** Completes 12 digits with the ISBN-13 check digit. */
export function isbn13From(twelveDigits: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(twelveDigits[i]) * (i % 2 === 0 ? 1 : 3);
  return `${twelveDigits}${(10 - (sum % 10)) % 10}`;
}

function priceFrom(h: SeededHash, currency: string): string {
  if (decimalsOf(currency) === 0) return String(600 + h.below(341) * 10);
  let minor = 699 + h.below(3999 - 699 + 1);
  // Most prices end in .99, .95 or .49 as in real shops; the rest stay as drawn (fixed book prices such as 18.09).
  const ending = h.below(10);
  if (ending < 5) minor = Math.floor(minor / 100) * 100 + 99;
  else if (ending < 7) minor = Math.floor(minor / 100) * 100 + 95;
  else if (ending < 8) minor = Math.floor(minor / 100) * 100 + 49;
  return amountFromMinorUnits(Math.max(699, Math.min(3999, minor)), currency);
}

function minorUnitsOf(amount: string, currency: string): number {
  return Math.round(Number(amount) * 10 ** decimalsOf(currency));
}
