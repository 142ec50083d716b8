// The orders of the wishes list as one table a reader can check by hand: twelve wishes, their titles and prices, and
// the order each `sort` must give, alone and combined with every filter. Stated once in the domain
// (domain/wishes/wish-order.ts), run by production in SQL (sql-wish-order.ts). Its runners also walk the pages both
// ways: ListWishes on the in-memory repository, which orders by the domain's comparator
// (test/unit/application/wishes/list-wishes-order.test.ts), and GET /api/wishes over HTTP on PostgreSQL
// (test/integration/user/wish-order.test.ts).
import type { WishFilter } from '../../../src/application/wishes/ports/wish-repository.js';
import type { EditionFormat } from '../../../src/domain/catalog/edition.js';
import { Money } from '../../../src/domain/shared/money.js';
import { WISH_SORTS, type WishSort } from '../../../src/domain/wishes/wish-order.js';
import type { RuleTable } from './rule-table.js';

/** One wish: prices in EUR in the reader's scope (null: none), its best price's format, its monitoring and max price. */
export interface WishOrderCase {
  name: string;
  title: string;
  best: string | null;
  lowest: string | null;
  format: EditionFormat;
  monitored: boolean;
  maxPrice: string | null;
}

/**
 * In the order the wishes are added (wish ids ascending). Their books are created in the REVERSE order, so a later
 * row has a LOWER book id: ties, which go to the book id, put the later row first (in ascending orders).
 */
export const WISH_ORDER_CASES: readonly WishOrderCase[] = [
  { name: 'at-lowest', title: 'Emma', best: '10.00', lowest: '10.00', format: 'paperback', monitored: true, maxPrice: '10.00' },
  { name: 'fifth-above', title: 'émile', best: '12.00', lowest: '10.00', format: 'hardcover', monitored: true, maxPrice: '11.00' },
  { name: 'fifth-above-cheaper', title: 'Zebra', best: '6.00', lowest: '5.00', format: 'paperback', monitored: false, maxPrice: '6.00' },
  { name: 'twentieth-above', title: 'apple', best: '21.00', lowest: '20.00', format: 'paperback', monitored: true, maxPrice: null },
  { name: 'half-above', title: 'zebra', best: '1.50', lowest: '1.00', format: 'hardcover', monitored: true, maxPrice: '2.00' },
  { name: 'no-price', title: 'Banana', best: null, lowest: null, format: 'paperback', monitored: false, maxPrice: null },
  { name: 'out-of-stock', title: 'banana split', best: null, lowest: '4.50', format: 'paperback', monitored: true, maxPrice: '5.00' },
  { name: 'free-now', title: '\uE000 private use', best: '0.00', lowest: '0.00', format: 'paperback', monitored: true, maxPrice: null },
  { name: 'free-once', title: '😀 smile', best: '1.00', lowest: '0.00', format: 'hardcover', monitored: false, maxPrice: null },
  { name: 'third-above', title: 'Émile', best: '4.00', lowest: '3.00', format: 'paperback', monitored: true, maxPrice: '3.00' },
  { name: 'same-price', title: 'Cherry', best: '6.00', lowest: '6.00', format: 'paperback', monitored: true, maxPrice: null },
  { name: 'nearly-third', title: 'cherry', best: '13.33', lowest: '10.00', format: 'hardcover', monitored: false, maxPrice: '20.00' },
];

/*
 * Worked by hand from the rules (domain/wishes/wish-order.ts):
 * - title: folded ("Émile" = "émile" = "emile"), by code point: U+E000 before 😀 (U+1F600), though UTF-16 would put
 *   the emoji's surrogates (U+D83D) first.
 * - saving, by (best − lowest) / lowest then best − lowest: 0 (same-price, free-now, at-lowest: tied, later row
 *   first), 5 % (twentieth-above), 20 % by +1.00 then +2.00, 33.3 % (13.33 over 10.00) before 33.33…% (4.00 over
 *   3.00), 50 %, then free-once (a lowest of 0 counts as 0.01: 10,000 %). No best price: last.
 */
const TITLE: string[] = [
  'twentieth-above', 'no-price', 'out-of-stock', 'nearly-third', 'same-price', 'third-above', 'fifth-above', 'at-lowest',
  'half-above', 'fifth-above-cheaper', 'free-now', 'free-once',
];
const PRICE_PRICED: string[] = [
  'free-now', 'free-once', 'half-above', 'third-above', 'same-price', 'fifth-above-cheaper', 'at-lowest', 'fifth-above',
  'nearly-third', 'twentieth-above',
];
const SAVING_PRICED: string[] = [
  'same-price', 'free-now', 'at-lowest', 'twentieth-above', 'fifth-above-cheaper', 'fifth-above', 'nearly-third',
  'third-above', 'half-above', 'free-once',
];
/** No best price: last in both directions, among themselves by book id (later row first ascending). */
const UNPRICED: string[] = ['out-of-stock', 'no-price'];
const ADDED = WISH_ORDER_CASES.map((c) => c.name);
const reversed = (names: readonly string[]) => [...names].reverse();

export const EXPECTED_WISH_ORDERS: Record<WishSort, readonly string[]> = {
  created_at: ADDED,
  '-created_at': reversed(ADDED),
  title: TITLE,
  '-title': reversed(TITLE),
  price: [...PRICE_PRICED, ...UNPRICED],
  '-price': [...reversed(PRICE_PRICED), ...reversed(UNPRICED)],
  saving: [...SAVING_PRICED, ...UNPRICED],
  '-saving': [...reversed(SAVING_PRICED), ...reversed(UNPRICED)],
};

const cents = (amount: string) => Money.parse(amount, 'EUR').toMinor();
const isBelowMax = (c: WishOrderCase) => c.maxPrice !== null && c.best !== null && cents(c.best) <= cents(c.maxPrice);

/** Filters to combine with every order: the query string and what it keeps. */
export interface WishOrderFilter {
  query: string;
  filter: WishFilter;
  keeps: (c: WishOrderCase) => boolean;
}

export const WISH_ORDER_FILTERS: readonly WishOrderFilter[] = [
  { query: '', filter: {}, keeps: () => true },
  { query: 'is_monitored=true', filter: { isMonitored: true }, keeps: (c) => c.monitored },
  { query: 'below_max_price=true', filter: { belowMaxPrice: true }, keeps: isBelowMax },
  { query: 'below_max_price=false&is_monitored=true', filter: { belowMaxPrice: false, isMonitored: true }, keeps: (c) => !isBelowMax(c) && c.monitored },
  { query: 'format=hardcover', filter: { format: 'hardcover' }, keeps: (c) => c.best !== null && c.format === 'hardcover' },
  {
    query: 'format=paperback&is_monitored=true&below_max_price=true',
    filter: { format: 'paperback', isMonitored: true, belowMaxPrice: true },
    keeps: (c) => c.best !== null && c.format === 'paperback' && c.monitored && isBelowMax(c),
  },
];

/** The names `sort` lists under `filter`: the table's order, less the wishes the filter leaves out. */
export function expectedNames(sort: WishSort, filter: WishOrderFilter): string[] {
  const kept = new Set(WISH_ORDER_CASES.filter(filter.keeps).map((c) => c.name));
  return EXPECTED_WISH_ORDERS[sort].filter((name) => kept.has(name));
}

/** One (sort, filter) pair; its name is its query string. */
export interface WishOrderRuleCase {
  name: string;
  sort: WishSort;
  filter: WishOrderFilter;
}

/** Every (sort, filter) pair and the names of the wishes it lists, in order. */
export const WISH_ORDER: RuleTable<WishOrderRuleCase, string[]> = {
  rule: 'the order of the wishes list',
  domain: 'wish-order.ts (ListWishes on the in-memory repository)',
  sql: 'sql-wish-order.ts (GET /api/wishes)',
  cases: WISH_SORTS.flatMap((sort) => WISH_ORDER_FILTERS.map((filter) => ({ name: `sort=${sort}${filter.query ? `&${filter.query}` : ''}`, sort, filter }))),
  expected: ({ sort, filter }) => expectedNames(sort, filter),
};
