import type { Availability } from '../../../domain/pricing/price-observation.js';
import type { ExtractionConfig, PriceCandidate, SourceDecision, UnreadPrice } from './types.js';

/** Most telling first: a known availability beats unknown; among known ones, the most purchasable. */
const AVAILABILITY_RANK: Readonly<Record<Availability, number>> = { in_stock: 0, preorder: 1, out_of_stock: 2, unknown: 3 };

const minor = (amount: string): bigint => BigInt(amount.replace('.', ''));
const isZero = (amount: string): boolean => /^0+(?:\.0+)?$/.test(amount);

export interface Decision {
  decision: SourceDecision;
  /** The page's items all name other editions (ISBNs that are not the configured one). */
  otherEdition?: boolean;
  /** Only zero amounts: placeholders that some shops print when they have no price. */
  zeroOnly?: boolean;
  /** Price-like values of the main item that the source could not read (witnesses for combine-sources.ts). */
  unread?: string[];
  /** The main item's distinct amounts the source weighed (one for a price, several when they compete). */
  amounts?: string[];
}

/**
 * From the prices one source found to the edition's price, or a refusal:
 * 1. zero amounts are placeholders, not prices;
 * 2. the item: offers of the configured edition (ISBN) win; else the item whose URL is the page (or that the page
 *    declares as its main entity), else the page's first item outside lists of other products and not naming another
 *    page as its own; within it, variants
 *    naming other editions drop out, and an item naming only other editions means the page is about another book;
 *    prices the source could not read (`unread`) take part in choosing the item, so an item whose price is unreadable
 *    is never replaced by the next one; within the item, the option the page shows (`selected`) wins;
 * 3. used, refurbished and damaged offers drop out when a new (or unspecified) offer exists;
 * 4. with several currencies, those in the store's currency win;
 * 5. identical prices are one price (their availabilities merge: the most purchasable known one);
 * 6. different prices compete: `offerChoice` 'lowest' or 'first' decides, else the answer is ambiguous.
 */
export function decide(
  found: readonly PriceCandidate[],
  config: ExtractionConfig,
  defaultCurrency: string,
  unread: readonly UnreadPrice[] = [],
): Decision {
  let candidates = found.filter((candidate) => !isZero(candidate.amount));
  if (candidates.length === 0 && unread.length === 0) {
    return found.length > 0
      ? { decision: { kind: 'none', message: 'only zero prices (placeholders)' }, zeroOnly: true }
      : { decision: { kind: 'none', message: 'no price' } };
  }

  const item = mainItem<PriceCandidate | UnreadPrice>([...candidates, ...unread]);
  if ('otherEdition' in item) return { decision: { kind: 'none', message: item.message }, otherEdition: true };
  if ('message' in item) return { decision: { kind: 'none', message: item.message } };
  candidates = item.candidates.filter(isCandidate);
  let witnesses = item.candidates.filter((c): c is UnreadPrice => !isCandidate(c));

  if (candidates.some((c) => c.condition !== 'used')) {
    candidates = candidates.filter((c) => c.condition !== 'used');
    witnesses = witnesses.filter((c) => c.condition !== 'used');
  }
  const unreadTexts = witnesses.length > 0 ? { unread: [...new Set(witnesses.map((w) => w.text))] } : {};
  if (candidates.length === 0) {
    return { decision: { kind: 'none', message: `the main item's price could not be read: ${JSON.stringify(witnesses[0]?.text)}` }, ...unreadTexts };
  }

  const currencies = new Set(candidates.map((c) => c.currency));
  if (currencies.size > 1 && currencies.has(defaultCurrency)) candidates = candidates.filter((c) => c.currency === defaultCurrency);

  // Distinct prices in order of first appearance.
  const groups = new Map<string, PriceCandidate[]>();
  for (const candidate of candidates) {
    const key = `${candidate.amount} ${candidate.currency}`;
    const group = groups.get(key);
    if (group) group.push(candidate);
    else groups.set(key, [candidate]);
  }
  const distinct = [...groups.values()];
  const amounts = { amounts: distinct.map((group) => group[0]?.amount ?? '') };
  let chosen = distinct[0];
  if (chosen === undefined) return { decision: { kind: 'none', message: 'no price' } };
  if (distinct.length > 1) {
    const listed = [...groups.keys()].slice(0, 6).join(', ') + (groups.size > 6 ? ', ...' : '');
    const sameCurrency = new Set(distinct.map((group) => group[0]?.currency)).size === 1;
    if (config.offerChoice === 'lowest' && sameCurrency) {
      chosen = distinct.reduce((low, group) => (minor(group[0]?.amount ?? '0') < minor(low[0]?.amount ?? '0') ? group : low));
    } else if (config.offerChoice !== 'first') {
      const why = config.offerChoice === 'lowest' ? 'in different currencies' : 'and offerChoice is not configured';
      return { decision: { kind: 'ambiguous', message: `${distinct.length} different prices compete (${listed}) ${why}` }, ...amounts, ...unreadTexts };
    }
  }
  const head = chosen[0] as PriceCandidate;
  const availability = chosen.map((c) => c.availability).reduce((best, a) => (AVAILABILITY_RANK[a] < AVAILABILITY_RANK[best] ? a : best));
  const currencyAssumed = chosen.every((c) => c.currencyAssumed === true);
  return {
    decision: { kind: 'price', amount: head.amount, currency: head.currency, availability, ...(currencyAssumed ? { currencyAssumed } : {}) },
    amounts: [head.amount],
    ...unreadTexts,
  };
}

const isCandidate = (thing: PriceCandidate | UnreadPrice): thing is PriceCandidate => 'amount' in thing;

/** Where a price (read or not) sits on the page: the facts that tell the main item from the others. */
type Located = Pick<UnreadPrice, 'editionMatch' | 'pageMatch' | 'selected' | 'item' | 'listed' | 'elsewhere'>;

type ItemChoice<T> = { candidates: T[] } | { message: string } | { message: string; otherEdition: true };

function mainItem<T extends Located>(candidates: T[]): ItemChoice<T> {
  const edition = candidates.filter((c) => c.editionMatch === true);
  if (edition.length > 0) return { candidates: selectedOf(edition) };
  const page = candidates.filter((c) => c.pageMatch === true);
  const pool = page.length > 0 ? page : candidates.filter((c) => c.listed !== true && c.elsewhere !== true);
  if (pool.length === 0) return { message: 'prices only in lists of other products, or for items of other pages' };
  const first = Math.min(...pool.map((c) => c.item ?? 0));
  const main = pool.filter((c) => (c.item ?? 0) === first);
  // Within the item, variants that name another edition drop out; an item that names only others is another book.
  const unnamed = main.filter((c) => c.editionMatch !== false);
  if (unnamed.length === 0) return { message: "the page's item names another ISBN than the edition's", otherEdition: true };
  return { candidates: selectedOf(unnamed) };
}

/** Among options with their own prices, the one the page shows (its URL is the page's), when the page says which. */
function selectedOf<T extends Located>(candidates: T[]): T[] {
  const selected = candidates.filter((c) => c.selected === true);
  return selected.length > 0 ? selected : candidates;
}
