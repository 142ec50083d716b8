// The price-history chart as hand-written inline SVG: one line per store through its daily quotes, and each
// monthly quote (from consolidation) as a min–max band with its average as a square.
import { buildChartModel, byCurrency, type ChartBox, type ChartQuote } from './chart-model.js';
import { el } from './dom.js';
import { formatMoney } from './money.js';
import { svg } from './svg.js';

const BOX: ChartBox = { width: 640, height: 240, padLeft: 64, padRight: 16, padTop: 16, padBottom: 28 };
/** Distinguishable on white and for common colour blindness (Okabe–Ito). */
const COLOURS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#000000'];

function chartFor(quotes: ChartQuote[], storeName: (id: number) => string): HTMLElement {
  const model = buildChartModel(quotes, BOX);
  const root = svg('svg', { viewBox: `0 0 ${BOX.width} ${BOX.height}`, class: 'chart', role: 'img', 'aria-label': `Price history in ${model.currency}` });
  const bottom = BOX.height - BOX.padBottom;
  root.appendChild(svg('line', { x1: BOX.padLeft, y1: bottom, x2: BOX.width - BOX.padRight, y2: bottom, class: 'axis' }));
  root.appendChild(svg('line', { x1: BOX.padLeft, y1: BOX.padTop, x2: BOX.padLeft, y2: bottom, class: 'axis' }));
  for (const label of model.yLabels) {
    root.appendChild(svg('line', { x1: BOX.padLeft, y1: label.position, x2: BOX.width - BOX.padRight, y2: label.position, class: 'grid' }));
    const text = svg('text', { x: BOX.padLeft - 6, y: label.position + 4, 'text-anchor': 'end', class: 'label' });
    text.textContent = label.text;
    root.appendChild(text);
  }
  model.xLabels.forEach((label, i) => {
    const text = svg('text', { x: label.position, y: BOX.height - 8, 'text-anchor': i === 0 ? 'start' : 'end', class: 'label' });
    text.textContent = label.text;
    root.appendChild(text);
  });

  const legend = el('ul', { class: 'legend' });
  model.series.forEach((series, i) => {
    const colour = COLOURS[i % COLOURS.length]!;
    const name = storeName(series.storeId);
    const group = svg('g', { 'data-store-id': series.storeId, stroke: colour, fill: colour });
    for (const band of series.monthly) {
      const top = Math.min(band.yMin, band.yMax);
      group.appendChild(svg('rect', { x: band.x1, y: top, width: Math.max(band.x2 - band.x1, 2), height: Math.max(Math.abs(band.yMin - band.yMax), 2), class: 'band' },
        `${name}, ${band.month}: ${formatMoney(band.min, model.currency)} – ${formatMoney(band.max, model.currency)}, average ${formatMoney(band.avg, model.currency)}`));
      group.appendChild(svg('rect', { x: (band.x1 + band.x2) / 2 - 4, y: band.yAvg - 4, width: 8, height: 8, class: 'avg' }));
    }
    if (series.daily.length > 1) {
      group.appendChild(svg('polyline', { points: series.daily.map((p) => `${p.x},${p.y}`).join(' '), class: 'line', fill: 'none' }));
    }
    for (const point of series.daily) {
      group.appendChild(svg('circle', { cx: point.x, cy: point.y, r: 4, class: 'point' }, `${name}, ${point.at.slice(0, 10)}: ${formatMoney(point.amount, model.currency)}`));
    }
    root.appendChild(group);
    const swatch = el('span', { class: 'swatch', 'aria-hidden': 'true' });
    swatch.style.backgroundColor = colour;
    legend.appendChild(el('li', {}, swatch, `${name}: ${series.daily.length} daily, ${series.monthly.length} monthly`));
  });
  return el('figure', { class: 'chart-figure', 'data-currency': model.currency }, root, el('figcaption', {}, `Prices in ${model.currency}`), legend);
}

/** One chart per currency (never two currencies on one axis). */
export function renderPriceCharts(quotes: ChartQuote[], storeName: (id: number) => string): HTMLElement[] {
  return [...byCurrency(quotes).values()].map((group) => chartFor(group, storeName));
}
