// The alert kinds as stories a reader can follow: one wish, one edition, quotes stored one after the other, and the
// kinds each quote raises. Stated once in the domain (domain/alerts: alertFactsFor, then alertKindsRaised); run by
// production in SQL, set-based for any number of new quotes (SqlAlertDetector). The unit runner plays the stories
// through the domain, the integration runner through the detector on PostgreSQL.
//
// Adding a kind (issue 27: a percentage drop, the lowest in N days, a default target): its stories here, the kind in
// both statements; a story that needs a new kind of step (a day passing, a preference changing) adds it to
// `StoryStep` and teaches both runners to play it.
import { ALERT_KINDS, type AlertKind } from '../../../src/domain/alerts/alert.js';
import type { Availability } from '../../../src/domain/pricing/price-observation.js';
import { money } from './money-text.js';
import type { RuleTable } from './rule-table.js';

/** `home` and `second` are stores the user buys from; `elsewhere` is one they cannot (another country). */
export type StoreRole = 'home' | 'second' | 'elsewhere';
export const STORE_ROLES: readonly StoreRole[] = ['home', 'second', 'elsewhere'];

/** A daily quote from a fetch; `quote` is "14.00" (EUR) or "14.00 GBP". At `home` and in stock unless told. */
export interface QuoteStep {
  quote: string;
  at?: StoreRole;
  availability?: Availability;
  raises: AlertKind[];
}

/** A monthly quote from consolidation (which raises no alerts): the month's last price and its lowest. */
export interface MonthlyStep {
  monthly: string;
  monthLowest: string;
  at?: StoreRole;
}

/** The user changes the wish's max price (null: none). */
export interface MaxPriceStep {
  maxPrice: string | null;
}

export type StoryStep = QuoteStep | MonthlyStep | MaxPriceStep;

export interface AlertRuleCase {
  name: string;
  /** The wish's max price when the story starts; none when absent. */
  maxPrice?: string;
  steps: StoryStep[];
}

/** What one quote step raised, labelled so a failing comparison says which quote it was. */
export interface StepOutcome {
  quote: string;
  raises: AlertKind[];
}

export const isQuoteStep = (step: StoryStep): step is QuoteStep => 'quote' in step;
export const isMonthlyStep = (step: StoryStep): step is MonthlyStep => 'monthly' in step;

export function labelOf(step: QuoteStep, index: number): string {
  const price = money(step.quote);
  return `#${index + 1} ${price.amount} ${price.currency} at ${step.at ?? 'home'} ${step.availability ?? 'in_stock'}`;
}

/** Kinds in one order (ALERT_KINDS), whoever produced them. */
export function inKindOrder(kinds: readonly AlertKind[]): AlertKind[] {
  return ALERT_KINDS.filter((kind) => kinds.includes(kind));
}

/** What the story says each quote raises. */
export function expectedOutcomes(story: AlertRuleCase): StepOutcome[] {
  return story.steps.filter(isQuoteStep).map((step, i) => ({ quote: labelOf(step, i), raises: inKindOrder(step.raises) }));
}

const STORIES: AlertRuleCase[] = [
  // below_max_price
  {
    name: 'below_max_price: the first quote ever, under the max, raises it alone (nothing earlier to drop from or undercut)',
    maxPrice: '15.00',
    steps: [{ quote: '14.00', raises: ['below_max_price'] }],
  },
  {
    name: 'below_max_price: a price equal to the max counts ("at or under"); one cent over does not',
    maxPrice: '15.00',
    steps: [
      { quote: '15.01', raises: [] },
      { quote: '15.00', raises: ['below_max_price', 'price_drop', 'new_lowest'] },
    ],
  },
  {
    name: 'below_max_price: never without a max price',
    steps: [
      { quote: '5.00', raises: [] },
      { quote: '4.00', raises: ['price_drop', 'new_lowest'] },
    ],
  },
  {
    name: 'below_max_price: never when the max is in another currency than the quote (no conversion)',
    maxPrice: '50.00 GBP',
    steps: [{ quote: '10.00', raises: [] }],
  },
  {
    name: 'below_max_price: a preorder or an unknown availability can be bought; out of stock cannot',
    maxPrice: '15.00',
    steps: [
      { quote: '14.00', availability: 'out_of_stock', raises: [] },
      { quote: '13.00', at: 'second', availability: 'preorder', raises: ['below_max_price', 'new_lowest'] },
      { quote: '12.00', availability: 'unknown', raises: ['below_max_price', 'price_drop', 'new_lowest'] },
    ],
  },

  // price_drop
  {
    name: 'price_drop: cheaper than the store’s previous quote; a rise raises nothing',
    steps: [
      { quote: '16.00', raises: [] },
      { quote: '14.00', raises: ['price_drop', 'new_lowest'] },
      { quote: '18.00', raises: [] },
    ],
  },
  {
    name: 'price_drop: compares with the same store only; another store’s cheaper price is no drop here',
    steps: [
      { quote: '16.00', raises: [] },
      { quote: '12.00', at: 'second', raises: ['new_lowest'] },
      { quote: '14.00', raises: ['price_drop'] },
    ],
  },
  {
    name: 'price_drop: compares with the store’s previous price in the same currency, skipping one in another currency',
    steps: [
      { quote: '16.00', raises: [] },
      { quote: '20.00 GBP', raises: [] },
      { quote: '15.00', raises: ['price_drop', 'new_lowest'] },
    ],
  },
  {
    name: 'price_drop: a cheaper price while out of stock raises nothing',
    maxPrice: '15.00',
    steps: [
      { quote: '16.00', raises: [] },
      { quote: '14.00', availability: 'out_of_stock', raises: [] },
    ],
  },
  {
    name: 'back in stock at a price first seen out of stock: no drop and no new lowest (that price was already seen)',
    maxPrice: '15.00',
    steps: [
      { quote: '16.00', raises: [] },
      { quote: '14.00', availability: 'out_of_stock', raises: [] },
      { quote: '14.00', raises: ['below_max_price', 'back_in_stock'] },
    ],
  },

  // new_lowest
  {
    name: 'new_lowest: equal to the lowest so far is not new',
    steps: [
      { quote: '14.00', raises: [] },
      { quote: '16.00', raises: [] },
      { quote: '14.00', raises: ['price_drop'] },
      { quote: '13.99', raises: ['price_drop', 'new_lowest'] },
    ],
  },
  {
    name: 'new_lowest: counts the prices of every store, even one the user cannot buy from',
    steps: [
      { quote: '9.00', at: 'elsewhere', raises: [] },
      { quote: '10.00', raises: [] },
      { quote: '9.50', raises: ['price_drop'] },
      { quote: '8.00', at: 'elsewhere', raises: [] },
      { quote: '8.50', at: 'second', raises: [] },
    ],
  },
  {
    name: 'new_lowest: counts a monthly quote by its month’s lowest price; price_drop compares with its last price',
    steps: [
      { monthly: '12.00', monthLowest: '10.00' },
      { quote: '11.00', raises: ['price_drop'] },
      { quote: '9.00', raises: ['price_drop', 'new_lowest'] },
    ],
  },
  {
    name: 'new_lowest: prices in another currency are not compared',
    steps: [
      { quote: '5.00 GBP', raises: [] },
      { quote: '10.00', at: 'second', raises: [] },
      { quote: '9.00', at: 'second', raises: ['price_drop', 'new_lowest'] },
      { quote: '4.00 GBP', raises: ['price_drop', 'new_lowest'] },
    ],
  },

  // back_in_stock
  {
    name: 'back_in_stock: out of stock, then in stock at the same price: back_in_stock only (the price kinds already told it)',
    maxPrice: '15.00',
    steps: [
      { quote: '14.00', raises: ['below_max_price'] },
      { quote: '14.00', availability: 'out_of_stock', raises: [] },
      { quote: '14.00', raises: ['back_in_stock'] },
    ],
  },
  {
    name: 'back_in_stock: a preorder or an unknown availability after out of stock is not "back in stock"',
    steps: [
      { quote: '14.00', availability: 'out_of_stock', raises: [] },
      { quote: '14.00', availability: 'preorder', raises: [] },
      { quote: '14.00', at: 'second', availability: 'out_of_stock', raises: [] },
      { quote: '14.00', at: 'second', availability: 'unknown', raises: [] },
    ],
  },
  {
    name: 'back_in_stock: only the store’s own previous quote counts, whatever its currency',
    steps: [
      { quote: '14.00', at: 'second', availability: 'out_of_stock', raises: [] },
      { quote: '15.00', raises: [] },
      { quote: '14.00', availability: 'out_of_stock', raises: [] },
      { quote: '12.00 GBP', raises: ['back_in_stock'] },
    ],
  },
  {
    name: 'back_in_stock: never kept quiet; each return to stock is news',
    steps: [
      { quote: '14.00', availability: 'out_of_stock', raises: [] },
      { quote: '14.00', raises: ['back_in_stock'] },
      { quote: '14.00', availability: 'out_of_stock', raises: [] },
      { quote: '14.00', raises: ['back_in_stock'] },
    ],
  },

  // Quiet while unchanged
  {
    name: 'quiet: an unchanged price raises nothing again',
    maxPrice: '15.00',
    steps: [
      { quote: '14.00', raises: ['below_max_price'] },
      { quote: '14.00', raises: [] },
      { quote: '14.00', raises: [] },
    ],
  },
  {
    name: 'quiet: a drop, then the same price: nothing more',
    maxPrice: '15.00',
    steps: [
      { quote: '16.00', raises: [] },
      { quote: '14.00', raises: ['below_max_price', 'price_drop', 'new_lowest'] },
      { quote: '14.00', raises: [] },
    ],
  },
  {
    name: 'quiet: a price that moves away and comes back is news again (but not a new lowest)',
    maxPrice: '15.00',
    steps: [
      { quote: '16.00', raises: [] },
      { quote: '14.00', raises: ['below_max_price', 'price_drop', 'new_lowest'] },
      { quote: '16.00', raises: [] },
      { quote: '14.00', raises: ['below_max_price', 'price_drop'] },
      { quote: '14.00', raises: [] },
    ],
  },
  {
    name: 'quiet: per store; the same price at another store is news there',
    maxPrice: '15.00',
    steps: [
      { quote: '14.00', raises: ['below_max_price'] },
      { quote: '14.00', at: 'second', raises: ['below_max_price'] },
      { quote: '14.00', at: 'second', raises: [] },
    ],
  },
  {
    name: 'quiet: an unchanged price the alert never told (it changed while out of stock) is news',
    maxPrice: '15.00',
    steps: [
      { quote: '14.00', raises: ['below_max_price'] },
      { quote: '13.00', availability: 'out_of_stock', raises: [] },
      { quote: '13.00', raises: ['below_max_price', 'back_in_stock'] },
    ],
  },
  {
    name: 'quiet: a max price raised over an unchanged price is news',
    maxPrice: '13.00',
    steps: [
      { quote: '14.00', raises: [] },
      { maxPrice: '15.00' },
      { quote: '14.00', raises: ['below_max_price'] },
      { quote: '14.00', raises: [] },
    ],
  },
  {
    name: 'quiet: the same amount in another currency is another price (the alert told 14.00 EUR, not 14.00 GBP)',
    maxPrice: '15.00',
    steps: [
      { quote: '14.00', raises: ['below_max_price'] },
      { quote: '14.00 GBP', raises: [] },
      { maxPrice: '15.00 GBP' },
      { quote: '14.00 GBP', raises: ['below_max_price'] },
    ],
  },
];

export const ALERT_KINDS_RULE: RuleTable<AlertRuleCase, StepOutcome[]> = {
  rule: 'the alert kinds a new quote raises',
  domain: 'alertFactsFor and alertKindsRaised (domain/alerts)',
  sql: 'SqlAlertDetector',
  cases: STORIES,
  expected: expectedOutcomes,
};
