import type { Availability } from '../../../domain/pricing/price-observation.js';
import type { ExtractionConfig, PriceCandidate, SourceDecision } from './types.js';

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
}

/**
 * From the prices one source found to the edition's price, or a refusal:
 * 1. zero amounts are placeholders, not prices;
 * 2. the item: offers of the configured edition (ISBN) win; else the item whose URL is the page (or that the page
 *    declares as its main entity), else the page's first item outside lists of other products and not naming another
 *    page as its own; within it, variants
 *    naming other editions drop out, and an item naming only other editions means the page is about another book;
 * 3. used, refurbished and damaged offers drop out when a new (or unspecified) offer exists;
 * 4. with several currencies, those in the store's currency win;
 * 5. identical prices are one price (their availabilities merge: the most purchasable known one);
 * 6. different prices compete: `offerChoice` 'lowest' or 'first' decides, else the answer is ambiguous.
 */
export function decide(found: readonly PriceCandidate[], config: ExtractionConfig, defaultCurrency: string): Decision {
  let candidates = found.filter((candidate) => !isZero(candidate.amount));
  if (candidates.length === 0) {
    return found.length > 0
      ? { decision: { kind: 'none', message: 'only zero prices (placeholders)' }, zeroOnly: true }
      : { decision: { kind: 'none', message: 'no price' } };
  }

  const item = mainItem(candidates);
  if ('otherEdition' in item) return { decision: { kind: 'none', message: item.message }, otherEdition: true };
  if ('message' in item) return { decision: { kind: 'none', message: item.message } };
  candidates = item.candidates;

  if (candidates.some((c) => c.condition !== 'used')) candidates = candidates.filter((c) => c.condition !== 'used');

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
  let chosen = distinct[0];
  if (chosen === undefined) return { decision: { kind: 'none', message: 'no price' } };
  if (distinct.length > 1) {
    const listed = [...groups.keys()].slice(0, 6).join(', ') + (groups.size > 6 ? ', ...' : '');
    const sameCurrency = new Set(distinct.map((group) => group[0]?.currency)).size === 1;
    if (config.offerChoice === 'lowest' && sameCurrency) {
      chosen = distinct.reduce((low, group) => (minor(group[0]?.amount ?? '0') < minor(low[0]?.amount ?? '0') ? group : low));
    } else if (config.offerChoice !== 'first') {
      const why = config.offerChoice === 'lowest' ? 'in different currencies' : 'and offerChoice is not configured';
      return { decision: { kind: 'ambiguous', message: `${distinct.length} different prices compete (${listed}) ${why}` } };
    }
  }
  const head = chosen[0] as PriceCandidate;
  const availability = chosen.map((c) => c.availability).reduce((best, a) => (AVAILABILITY_RANK[a] < AVAILABILITY_RANK[best] ? a : best));
  const currencyAssumed = chosen.every((c) => c.currencyAssumed === true);
  return { decision: { kind: 'price', amount: head.amount, currency: head.currency, availability, ...(currencyAssumed ? { currencyAssumed } : {}) } };
}

type ItemChoice = { candidates: PriceCandidate[] } | { message: string } | { message: string; otherEdition: true };

function mainItem(candidates: PriceCandidate[]): ItemChoice {
  const edition = candidates.filter((c) => c.editionMatch === true);
  if (edition.length > 0) return { candidates: edition };
  const page = candidates.filter((c) => c.pageMatch === true);
  const pool = page.length > 0 ? page : candidates.filter((c) => c.listed !== true && c.elsewhere !== true);
  if (pool.length === 0) return { message: 'prices only in lists of other products, or for items of other pages' };
  const first = Math.min(...pool.map((c) => c.item ?? 0));
  const main = pool.filter((c) => (c.item ?? 0) === first);
  // Within the item, variants that name another edition drop out; an item that names only others is another book.
  const unnamed = main.filter((c) => c.editionMatch !== false);
  if (unnamed.length === 0) return { message: "the page's item names another ISBN than the edition's", otherEdition: true };
  return { candidates: unnamed };
}

