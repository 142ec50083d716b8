// A wish's sparkline: its best edition's recent prices at its best store, as a small inline SVG. The prices are
// fetched only once the row is on screen, with one request per edition for the page's lifetime.
import { api, type Page } from './api.js';
import type { ChartBox, ChartQuote } from './chart-model.js';
import { el, formatDate, replaceChildren } from './dom.js';
import { formatMoney } from './money.js';
import { buildSparkline, type Sparkline } from './sparkline-model.js';
import { svg } from './svg.js';

const BOX: ChartBox = { width: 120, height: 32, padLeft: 3, padRight: 3, padTop: 3, padBottom: 3 };
/** "Recent" is the newest page of quotes: one request, whatever the edition's history. */
const RECENT_QUOTES = 50;

const quotesByEdition = new Map<number, Promise<ChartQuote[]>>();
function recentQuotes(editionId: number): Promise<ChartQuote[]> {
  let found = quotesByEdition.get(editionId);
  if (!found) {
    found = api<Page<ChartQuote>>('GET', `/api/editions/${editionId}/prices?per_page=${RECENT_QUOTES}`).then((page) => page.data);
    quotesByEdition.set(editionId, found);
    found.catch(() => quotesByEdition.delete(editionId));
  }
  return found;
}

const loaders = new WeakMap<Element, () => void>();
let observer: IntersectionObserver | null = null;
function whenOnScreen(target: Element, load: () => void): void {
  observer ??= new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer?.unobserve(entry.target);
      loaders.get(entry.target)?.();
      loaders.delete(entry.target);
    }
  });
  loaders.set(target, load);
  observer.observe(target);
}

function sparklineSvg(line: Sparkline, currency: string): SVGSVGElement {
  const { oldest, newest } = line;
  const label = line.count === 1
    ? `One recent price: ${formatMoney(newest.amount, currency)} on ${formatDate(newest.fetched_at)}`
    : `${line.count} recent prices, from ${formatMoney(oldest.amount, currency)} on ${formatDate(oldest.fetched_at)} to ${formatMoney(newest.amount, currency)} on ${formatDate(newest.fetched_at)}`;
  const root = svg('svg', { viewBox: `0 0 ${BOX.width} ${BOX.height}`, width: BOX.width, height: BOX.height, class: 'sparkline', role: 'img', 'aria-label': label }, label);
  root.appendChild(svg('path', { d: line.d, class: 'sparkline-line' }));
  return root;
}

/** A placeholder of the sparkline's size, filled when it scrolls into view. */
export function sparklineSlot(editionId: number, storeId: number, currency: string): HTMLElement {
  const slot = el('span', { class: 'sparkline-slot', 'aria-busy': 'true' });
  whenOnScreen(slot, () => {
    recentQuotes(editionId)
      .then(
        (quotes) => {
          const line = buildSparkline(quotes, storeId, currency, BOX);
          replaceChildren(slot, line ? sparklineSvg(line, currency) : el('span', { class: 'hint' }, 'No recent prices'));
        },
        // The sparkline is an extra: its failure is a hint in place, not a page error.
        () => replaceChildren(slot, el('span', { class: 'hint' }, 'Price history unavailable')),
      )
      .finally(() => slot.setAttribute('aria-busy', 'false'));
  });
  return slot;
}
