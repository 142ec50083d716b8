// A wish's sparkline: its daily lowest prices over the window of `GET /api/wishes/price-history`, as a small inline
// SVG. The page fetches the histories of all its wishes in one request; this only draws one.
import { el } from './dom.js';
import { formatMoney } from './money.js';
import { buildSparkline, type PricePoint, type SparkBox, type Sparkline } from './sparkline-model.js';
import { svg } from './svg.js';

const BOX: SparkBox = { width: 120, height: 32, pad: 3 };

function sparklineSvg(line: Sparkline, currency: string, days: number): SVGSVGElement {
  const { oldest, newest, lowest } = line;
  const label = line.count === 1
    ? `One price in ${days} days: ${formatMoney(newest.amount, currency)} on ${newest.date}`
    : `${line.count} daily lowest prices in ${days} days, from ${formatMoney(oldest.amount, currency)} on ${oldest.date} to ${formatMoney(newest.amount, currency)} on ${newest.date}; lowest ${formatMoney(lowest.amount, currency)} on ${lowest.date}`;
  const root = svg('svg', { viewBox: `0 0 ${BOX.width} ${BOX.height}`, width: BOX.width, height: BOX.height, class: 'sparkline', role: 'img', 'aria-label': label }, label);
  root.appendChild(svg('path', { d: line.d, class: 'sparkline-line' }));
  return root;
}

/** The sparkline of one history, in a box of fixed size (a hint in its place without points). */
export function sparklineOf(history: { currency: string; points: PricePoint[] } | undefined, window: { firstDay: string; lastDay: string; days: number }): HTMLElement {
  const slot = el('span', { class: 'sparkline-slot' });
  if (!history) {
    slot.appendChild(el('span', { class: 'hint' }, 'Price history unavailable'));
    return slot;
  }
  const line = buildSparkline(history.points, BOX, window);
  slot.appendChild(line ? sparklineSvg(line, history.currency, window.days) : el('span', { class: 'hint' }, `No prices in ${window.days} days`));
  return slot;
}
