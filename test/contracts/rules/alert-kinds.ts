// The alert kinds as stories a reader can follow: one wish, one edition, quotes stored one after the other, and the
// kinds each quote raises. Stated once in the domain (domain/alerts: alertFactsFor, then alertKindsRaised); run by
// production in SQL, set-based for any number of new quotes (SqlAlertDetector). The unit runner plays the stories
// through the domain, the integration runner through the detector on PostgreSQL.
//
// Adding a kind: its stories here, the kind in both statements; a story that needs a new kind of step adds it to
// `StoryStep` and teaches both runners to play it. The kinds of issue 27 (percent_drop, lowest_in_days, below_target)
// are turned on by the story's alert settings (the account's defaults and the wish's own) and need time to pass
// (`daysLater`); a story without settings raises none of them.
import { ALERT_KINDS, type AlertKind } from '../../../src/domain/alerts/alert.js';
import type { AlertDefaults, LowestDays, WishAlertSettings } from '../../../src/domain/alerts/alert-settings.js';
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
  /** A large drop that the second reading of the page did not confirm (issue 26 §11): kept, marked suspect. */
  suspect?: true;
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

/** The account's alert defaults as a story writes them; left out: off. `target`: "12.00" (EUR), "12.00 GBP" or "10%". */
export interface AccountSettings {
  dropPercent?: number;
  lowestDays?: LowestDays;
  target?: string;
}

/** The user changes the account's alert defaults (what is left out is off). */
export interface AccountStep {
  account: AccountSettings;
}

/**
 * Time passes: the next quotes are fetched `daysLater` days after the previous step's day, at `time` (UTC, "HH:MM";
 * noon unless told). A story starts on 2026-01-05 at noon.
 */
export interface WaitStep {
  daysLater: number;
  time?: string;
}

export type StoryStep = QuoteStep | MonthlyStep | MaxPriceStep | AccountStep | WaitStep;

export interface AlertRuleCase {
  name: string;
  /** The wish's max price when the story starts; none when absent. */
  maxPrice?: string;
  /** The account's alert defaults when the story starts; every one off when absent. */
  account?: AccountSettings;
  /** The wish's own alert settings; absent ones follow the account. */
  wish?: Partial<WishAlertSettings>;
  steps: StoryStep[];
}

export const STORY_START = new Date('2026-01-05T12:00:00.000Z');

/** When the story's clock stands after `step` (time steps move it; the others leave it). */
export function clockAfter(step: StoryStep, clock: Date): Date {
  if (!('daysLater' in step)) return clock;
  const day = new Date(clock.getTime() + step.daysLater * 86_400_000).toISOString().slice(0, 10);
  return new Date(`${day}T${step.time ?? '12:00'}:00.000Z`);
}

/** The account's defaults as the domain holds them. */
export function alertDefaultsOf(account: AccountSettings | undefined): AlertDefaults {
  const target = account?.target;
  return {
    dropPercent: account?.dropPercent ?? null,
    lowestDays: account?.lowestDays ?? null,
    defaultTarget:
      target === undefined ? null : target.endsWith('%') ? { discountPercent: Number(target.slice(0, -1)) } : { maxPrice: money(target) },
  };
}

export function wishSettingsOf(story: AlertRuleCase): WishAlertSettings {
  return { dropPercent: story.wish?.dropPercent ?? null, lowestDays: story.wish?.lowestDays ?? null };
}

/** What one quote step raised, labelled so a failing comparison says which quote it was. */
export interface StepOutcome {
  quote: string;
  raises: AlertKind[];
}

export const isQuoteStep = (step: StoryStep): step is QuoteStep => 'quote' in step;
export const isMonthlyStep = (step: StoryStep): step is MonthlyStep => 'monthly' in step;
export const isMaxPriceStep = (step: StoryStep): step is MaxPriceStep => 'maxPrice' in step;
export const isAccountStep = (step: StoryStep): step is AccountStep => 'account' in step;

export function labelOf(step: QuoteStep, index: number): string {
  const price = money(step.quote);
  return `#${index + 1} ${price.amount} ${price.currency} at ${step.at ?? 'home'} ${step.availability ?? 'in_stock'}${step.suspect ? ' suspect' : ''}`;
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

  // Issue 27: with no alert settings, none of the new kinds
  {
    name: 'settings off (the default): a big drop to a low after a long wait raises only the specified kinds',
    steps: [
      { quote: '20.00', raises: [] },
      { daysLater: 400 },
      { quote: '5.00', raises: ['price_drop', 'new_lowest'] },
    ],
  },

  // percent_drop (a price seen elsewhere first keeps new_lowest out of these stories)
  {
    name: 'percent_drop: exactly N % under the store’s previous price counts; a cent less of a drop does not',
    account: { dropPercent: 10 },
    steps: [
      { quote: '5.00', at: 'elsewhere', raises: [] },
      { quote: '10.00', raises: [] },
      { quote: '9.01', raises: ['price_drop'] },
      { quote: '10.00', raises: [] },
      { quote: '9.00', raises: ['price_drop', 'percent_drop'] },
    ],
  },
  {
    name: 'percent_drop: the wish’s own percentage wins over the account’s',
    account: { dropPercent: 10 },
    wish: { dropPercent: 30 },
    steps: [
      { quote: '5.00', at: 'elsewhere', raises: [] },
      { quote: '10.00', raises: [] },
      { quote: '8.00', raises: ['price_drop'] },
      { quote: '10.00', raises: [] },
      { quote: '7.00', raises: ['price_drop', 'percent_drop'] },
    ],
  },
  {
    name: 'percent_drop: a wish’s own percentage works without an account default',
    wish: { dropPercent: 20 },
    steps: [
      { quote: '5.00', at: 'elsewhere', raises: [] },
      { quote: '10.00', raises: [] },
      { quote: '8.00', raises: ['price_drop', 'percent_drop'] },
      { quote: '8.00', raises: [] },
    ],
  },
  {
    name: 'percent_drop: compares with the store’s own previous price in the same currency, never another store’s',
    account: { dropPercent: 10 },
    steps: [
      { quote: '5.00', at: 'elsewhere', raises: [] },
      { quote: '10.00', raises: [] },
      { quote: '20.00', at: 'second', raises: [] },
      { quote: '9.50', raises: ['price_drop'] },
      { quote: '18.00', at: 'second', raises: ['price_drop', 'percent_drop'] },
      { quote: '8.00 GBP', raises: [] },
      { quote: '8.50', raises: ['price_drop', 'percent_drop'] },
    ],
  },
  {
    name: 'percent_drop: out of stock raises nothing; back in stock at that price is no drop (it was already seen)',
    account: { dropPercent: 10 },
    steps: [
      { quote: '5.00', at: 'elsewhere', raises: [] },
      { quote: '10.00', raises: [] },
      { quote: '8.00', availability: 'out_of_stock', raises: [] },
      { quote: '8.00', raises: ['back_in_stock'] },
    ],
  },
  {
    name: 'percent_drop: no previous price at the store, no drop',
    account: { dropPercent: 1 },
    steps: [
      { quote: '5.00', at: 'elsewhere', raises: [] },
      { quote: '6.00', raises: [] },
    ],
  },

  // lowest_in_days
  {
    name: 'lowest_in_days: lower than every price of the last N days, though not the lowest ever',
    account: { lowestDays: 30 },
    steps: [
      { quote: '8.00', raises: [] },
      { daysLater: 40 },
      { quote: '12.00', raises: [] },
      { daysLater: 1 },
      { quote: '11.00', raises: ['price_drop', 'lowest_in_days'] },
      { quote: '11.00', raises: [] },
    ],
  },
  {
    name: 'lowest_in_days: the first price ever is not news, nor a first price after a quiet window',
    account: { lowestDays: 30 },
    steps: [
      { quote: '10.00', raises: [] },
      { daysLater: 31 },
      { quote: '11.00', at: 'second', raises: [] },
    ],
  },
  {
    name: 'lowest_in_days: the day N days before is in the window, whatever the hours',
    account: { lowestDays: 30 },
    steps: [
      { daysLater: 0, time: '23:59' },
      { quote: '10.00', raises: [] },
      { daysLater: 20 },
      { quote: '12.00', at: 'second', raises: [] },
      { daysLater: 10, time: '00:01' },
      { quote: '10.50', at: 'second', raises: ['price_drop'] },
    ],
  },
  {
    name: 'lowest_in_days: the day before the Nth day back is out of the window, whatever the hours',
    account: { lowestDays: 30 },
    steps: [
      { daysLater: 0, time: '00:01' },
      { quote: '10.00', raises: [] },
      { daysLater: 20 },
      { quote: '12.00', at: 'second', raises: [] },
      { daysLater: 11, time: '23:59' },
      { quote: '10.50', at: 'second', raises: ['price_drop', 'lowest_in_days'] },
    ],
  },
  {
    name: 'lowest_in_days: equal to the lowest of the window is not lower; every store and out-of-stock prices count',
    account: { lowestDays: 90 },
    steps: [
      { quote: '12.00', raises: [] },
      { quote: '9.00', at: 'elsewhere', availability: 'out_of_stock', raises: [] },
      { daysLater: 89 },
      { quote: '9.00', raises: ['price_drop'] },
      { quote: '8.99', at: 'second', raises: ['new_lowest', 'lowest_in_days'] },
    ],
  },
  {
    name: 'lowest_in_days: prices in another currency are not compared',
    account: { lowestDays: 30 },
    steps: [
      { quote: '5.00 GBP', raises: [] },
      { quote: '10.00', at: 'second', raises: [] },
      { quote: '6.00 GBP', at: 'second', raises: [] },
      { quote: '9.00', at: 'second', raises: ['price_drop', 'new_lowest', 'lowest_in_days'] },
    ],
  },
  {
    name: 'lowest_in_days: a monthly quote counts by its month’s lowest while its month’s last quote is in the window',
    account: { lowestDays: 30 },
    steps: [
      { monthly: '12.00', monthLowest: '9.00' },
      { daysLater: 30 },
      { quote: '10.00', raises: ['price_drop'] },
      { quote: '8.50', raises: ['price_drop', 'new_lowest', 'lowest_in_days'] },
    ],
  },
  {
    name: 'lowest_in_days: a monthly quote whose month’s last quote is before the window does not count',
    account: { lowestDays: 30 },
    steps: [
      { monthly: '12.00', monthLowest: '9.00' },
      { daysLater: 31 },
      { quote: '11.00', at: 'second', raises: [] },
      { quote: '10.00', raises: ['price_drop', 'lowest_in_days'] },
    ],
  },
  {
    name: 'lowest_in_days: the wish’s own window wins over the account’s',
    account: { lowestDays: 30 },
    wish: { lowestDays: 365 },
    steps: [
      { quote: '8.00', raises: [] },
      { daysLater: 100 },
      { quote: '12.00', raises: [] },
      { daysLater: 1 },
      { quote: '11.00', raises: ['price_drop'] },
    ],
  },
  {
    name: 'lowest_in_days: an out-of-stock offer raises nothing',
    account: { lowestDays: 30 },
    steps: [
      { quote: '12.00', raises: [] },
      { quote: '8.00', at: 'second', availability: 'out_of_stock', raises: [] },
    ],
  },

  // below_target
  {
    name: 'below_target: the first quote under the account’s target price raises it alone',
    account: { target: '15.00' },
    steps: [{ quote: '14.00', raises: ['below_target'] }],
  },
  {
    name: 'below_target: a price equal to the target counts; one cent over does not',
    account: { target: '15.00' },
    steps: [
      { quote: '15.01', raises: [] },
      { quote: '15.00', raises: ['price_drop', 'new_lowest', 'below_target'] },
    ],
  },
  {
    name: 'below_target: a wish with its own max price ignores the default target, even a max in another currency',
    maxPrice: '10.00',
    account: { target: '15.00' },
    steps: [
      { quote: '14.00', raises: [] },
      { quote: '9.00', raises: ['below_max_price', 'price_drop', 'new_lowest'] },
      { maxPrice: '50.00 GBP' },
      { quote: '8.00', raises: ['price_drop', 'new_lowest'] },
      { maxPrice: null },
      { quote: '7.00', raises: ['price_drop', 'new_lowest', 'below_target'] },
    ],
  },
  {
    name: 'below_target: a target in another currency is met only by quotes in it (alerts are not converted)',
    account: { target: '15.00 GBP' },
    steps: [
      { quote: '10.00', raises: [] },
      { quote: '10.00 GBP', at: 'second', raises: ['below_target'] },
    ],
  },
  {
    name: 'below_target: out of stock raises nothing; quiet while unchanged; a target raised over an unchanged price is news',
    account: { target: '13.00' },
    steps: [
      { quote: '12.00', availability: 'out_of_stock', raises: [] },
      { quote: '14.00', at: 'second', raises: [] },
      { account: { target: '15.00' } },
      { quote: '14.00', at: 'second', raises: ['below_target'] },
      { quote: '14.00', at: 'second', raises: [] },
    ],
  },
  {
    name: 'below_target (a discount): exactly N % under the lowest ever counts, a cent above does not',
    account: { target: '10%' },
    steps: [
      { quote: '10.00', at: 'elsewhere', raises: [] },
      { quote: '9.01', raises: ['new_lowest'] },
      { quote: '8.11', at: 'second', raises: ['new_lowest'] },
      { quote: '7.30', raises: ['price_drop', 'new_lowest'] },
      { quote: '6.57', at: 'second', raises: ['price_drop', 'new_lowest', 'below_target'] },
    ],
  },
  {
    name: 'below_target (0 %): at or under the lowest ever; nothing seen before is no target',
    account: { target: '0%' },
    steps: [
      { quote: '10.00', at: 'second', raises: [] },
      { quote: '10.00', raises: ['below_target'] },
      { quote: '10.00', raises: [] },
      { quote: '10.50', at: 'second', raises: [] },
    ],
  },
  {
    name: 'below_target (a discount): counts a monthly quote by its month’s lowest; other currencies are not compared',
    account: { target: '10%' },
    steps: [
      { monthly: '12.00', monthLowest: '10.00' },
      { quote: '4.00 GBP', at: 'second', raises: [] },
      { quote: '9.50', raises: ['price_drop', 'new_lowest'] },
      { quote: '8.55', at: 'second', raises: ['new_lowest', 'below_target'] },
    ],
  },

  // Together
  {
    name: 'one quote may raise every kind a reader turned on, besides the specified ones',
    account: { dropPercent: 20, lowestDays: 90, target: '12.00' },
    steps: [
      { quote: '5.00', at: 'elsewhere', raises: [] },
      { daysLater: 100 },
      { quote: '15.00', raises: [] },
      { quote: '11.00', raises: ['price_drop', 'percent_drop', 'lowest_in_days', 'below_target'] },
    ],
  },

  // Suspect quotes (issue 26 §11): a large drop the second reading of the page did not confirm
  {
    name: 'suspect: raises no kind at all, whatever it would have raised, and a later quote is compared as if it were not there',
    maxPrice: '15.00',
    account: { dropPercent: 20, lowestDays: 30 },
    steps: [
      { quote: '20.00', raises: [] },
      { quote: '5.00', suspect: true, raises: [] },
      { quote: '19.00', raises: ['price_drop', 'new_lowest', 'lowest_in_days'] },
      { quote: '14.00', raises: ['below_max_price', 'price_drop', 'new_lowest', 'percent_drop', 'lowest_in_days'] },
    ],
  },
  {
    name: 'suspect: not back in stock by itself, nor the previous availability of the next quote',
    steps: [
      { quote: '16.00', availability: 'out_of_stock', raises: [] },
      { quote: '6.00', suspect: true, raises: [] },
      { quote: '16.00', raises: ['back_in_stock'] },
    ],
  },
  {
    name: 'suspect: a price confirmed later is news then, though a suspect quote showed it before',
    steps: [
      { quote: '30.00', raises: [] },
      { quote: '10.00', suspect: true, raises: [] },
      { quote: '10.00', raises: ['price_drop', 'new_lowest'] },
      { quote: '10.00', raises: [] },
    ],
  },
  {
    name: 'suspect: at another store, it is not the lowest seen before',
    steps: [
      { quote: '12.00', raises: [] },
      { quote: '3.00', at: 'second', suspect: true, raises: [] },
      { quote: '11.00', raises: ['price_drop', 'new_lowest'] },
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
