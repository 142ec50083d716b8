import type { Availability } from '../../../domain/pricing/price-observation.js';
import type { ExtractionConfig, PriceCandidate } from './types.js';

export type Choice =
  | { kind: 'price'; amount: string; currency: string; availability: Availability }
  | { kind: 'ambiguous'; message: string }
  /** Only zero amounts: placeholders that some shops print when they have no price. */
  | { kind: 'none' };

/** Most telling first: a known availability beats unknown; among known ones, the most purchasable. */
const AVAILABILITY_RANK: Readonly<Record<Availability, number>> = { in_stock: 0, preorder: 1, out_of_stock: 2, unknown: 3 };

const minor = (amount: string): bigint => BigInt(amount.replace('.', ''));
const isZero = (amount: string): boolean => /^0+(?:\.0+)?$/.test(amount);

/**
 * From the prices one source found to the edition's price, or a refusal:
 * 1. zero amounts are placeholders, not prices;
 * 2. offers of the configured edition (ISBN) win over the others; else the ProductGroup variant of this page's URL;
 * 3. used, refurbished and damaged offers drop out when a new (or unspecified) offer exists;
 * 4. with several currencies, those in the store's currency win;
 * 5. identical prices are one price (their availabilities merge: the most purchasable known one);
 * 6. different prices compete: `offerChoice` 'lowest' or 'first' decides, else the answer is ambiguous.
 */
export function choosePrice(found: readonly PriceCandidate[], config: ExtractionConfig, defaultCurrency: string): Choice {
  let candidates = found.filter((candidate) => !isZero(candidate.amount));
  if (candidates.length === 0) return { kind: 'none' };

  if (candidates.some((c) => c.editionMatch === true)) candidates = candidates.filter((c) => c.editionMatch === true);
  else if (candidates.some((c) => c.editionMatch === false) && candidates.some((c) => c.editionMatch === undefined)) {
    candidates = candidates.filter((c) => c.editionMatch === undefined);
  } else if (candidates.some((c) => c.pageMatch === true)) candidates = candidates.filter((c) => c.pageMatch === true);

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
  if (chosen === undefined) return { kind: 'none' };
  if (distinct.length > 1) {
    const listed = [...groups.keys()].slice(0, 6).join(', ') + (groups.size > 6 ? ', ...' : '');
    const sameCurrency = new Set(distinct.map((group) => group[0]?.currency)).size === 1;
    if (config.offerChoice === 'lowest' && sameCurrency) {
      chosen = distinct.reduce((low, group) => (minor(group[0]?.amount ?? '0') < minor(low[0]?.amount ?? '0') ? group : low));
    } else if (config.offerChoice === 'first') {
      // chosen is already the first
    } else {
      const why = config.offerChoice === 'lowest' ? 'in different currencies' : 'and offerChoice is not configured';
      return { kind: 'ambiguous', message: `${distinct.length} different prices compete (${listed}) ${why}` };
    }
  }
  const head = chosen[0] as PriceCandidate;
  const availability = chosen.map((c) => c.availability).reduce((best, a) => (AVAILABILITY_RANK[a] < AVAILABILITY_RANK[best] ? a : best));
  return { kind: 'price', amount: head.amount, currency: head.currency, availability };
}
