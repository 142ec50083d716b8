// The price-history chart of one edition in one currency, drawn by uPlot on a canvas (years of daily prices at many
// stores stay smooth, where an SVG node per point did not): one line per store through its monthly and daily
// points, each month's range as a whisker, the lowest price ever ringed, ranges set by the page, and a tooltip
// (store, price, date) that follows the pointer or the arrow keys.
import uPlot from 'uplot';
import { el } from './dom.js';
import { formatMoney } from './money.js';
import { type ChartData, indexesIn, nearestLine, type PointInfo, rangeOf, stepLine } from './price-history-model.js';

/** Distinguishable on white and for common colour blindness (Okabe–Ito); past seven stores the lines are dashed. */
const COLOURS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#000000'];
const HEIGHT = 260;

export interface PriceChart {
  element: HTMLElement;
  /** Shows the last `days` days (null: everything). */
  setRange(days: number | null): void;
  destroy(): void;
}

const describePoint = (info: PointInfo, currency: string): string =>
  info.kind === 'monthly'
    ? `month ${info.when}: ${formatMoney(info.amount, currency)} at the month's end, ${formatMoney(info.min, currency)} – ${formatMoney(info.max, currency)}, average ${formatMoney(info.avg ?? info.amount, currency)}`
    : info.min !== info.max
      ? `${info.when}: ${formatMoney(info.amount, currency)} (that day ${formatMoney(info.min, currency)} – ${formatMoney(info.max, currency)})`
      : `${info.when}: ${formatMoney(info.amount, currency)}`;

/** Builds the chart into a new figure; call `mount` once the figure is in the document (uPlot measures its box). */
export function priceChart(data: ChartData, label: string): PriceChart & { mount(): void } {
  const { xs, lines, currency, lowest } = data;
  const tooltip = el('div', { class: 'chart-tooltip', 'aria-hidden': 'true', hidden: true });
  const live = el('p', { class: 'visually-hidden', 'aria-live': 'polite' });
  const help = el('p', { class: 'hint chart-help' }, 'Point at the chart, or focus it and use the arrow keys (← → dates, ↑ ↓ stores), to read a price.');
  const frame = el('div', { class: 'chart-frame', tabindex: 0, role: 'group', 'aria-label': `${label}: price history in ${currency}` });
  const legend = el('ul', { class: 'legend' });
  lines.forEach((line, i) => {
    const swatch = el('span', { class: 'swatch', 'aria-hidden': 'true' });
    swatch.style.backgroundColor = COLOURS[i % COLOURS.length]!;
    legend.appendChild(el('li', { 'data-store-id': line.storeId }, swatch, `${line.storeName}: ${line.dailyCount} daily, ${line.monthlyCount} monthly`));
  });
  const lowestText = lowest
    ? el('p', { class: 'lowest-ever' }, el('span', { class: 'lowest-key', 'aria-hidden': 'true' }), `Lowest ever: ${formatMoney(lowest.amount, currency)} at ${lowest.storeName} (${lowest.when})`)
    : null;
  const figure = el('figure', { class: 'price-chart', 'data-currency': currency }, el('figcaption', {}, `Prices in ${currency}`), frame, lowestText, legend, help, live);

  let plot: uPlot | null = null;
  let range = rangeOf(xs, null, Date.now() / 1000);
  /** The store chosen by the keyboard at the cursor's date; null while the pointer leads. */
  let keyLine: number | null = null;
  let observer: ResizeObserver | null = null;

  const show = (u: uPlot) => {
    const i = u.cursor.idx;
    const left = u.cursor.left ?? -1;
    if (i === null || i === undefined || left < 0) {
      tooltip.hidden = true;
      return;
    }
    const lineIndex = keyLine ?? nearestLine(lines, i, u.posToVal(u.cursor.top ?? 0, 'y'));
    const line = lineIndex === null ? null : lines[lineIndex];
    const info = line?.info[i];
    const value = line?.values[i];
    if (!line || !info || value === null || value === undefined) {
      tooltip.hidden = true;
      return;
    }
    const text = `${line.storeName}, ${describePoint(info, currency)}`;
    tooltip.replaceChildren(el('strong', {}, line.storeName), el('span', {}, formatMoney(info.amount, currency)), el('span', {}, info.kind === 'monthly' ? `month ${info.when}` : info.when));
    tooltip.dataset.store = line.storeName;
    tooltip.dataset.when = info.when;
    tooltip.title = text;
    tooltip.hidden = false;
    const x = u.valToPos(xs[i]!, 'x');
    const y = u.valToPos(value, 'y');
    // Kept inside the plot: to the left of points on the right half, below points near the top.
    tooltip.style.left = `${x > u.over.clientWidth / 2 ? x - tooltip.offsetWidth - 8 : x + 8}px`;
    tooltip.style.top = `${y < 60 ? y + 8 : y - tooltip.offsetHeight - 8}px`;
    if (keyLine !== null) live.textContent = text;
  };

  const drawExtras = (u: uPlot) => {
    const ctx = u.ctx;
    const { left, top, width, height } = u.bbox;
    ctx.save();
    ctx.beginPath();
    ctx.rect(left, top, width, height);
    ctx.clip();
    const xMin = u.scales.x!.min ?? -Infinity;
    const xMax = u.scales.x!.max ?? Infinity;
    lines.forEach((line, li) => {
      ctx.strokeStyle = COLOURS[li % COLOURS.length]!;
      ctx.lineWidth = 2 * devicePixelRatio;
      line.info.forEach((info, i) => {
        if (info?.kind !== 'monthly' || xs[i]! < xMin || xs[i]! > xMax) return;
        const x = u.valToPos(xs[i]!, 'x', true);
        ctx.beginPath();
        ctx.moveTo(x, u.valToPos(Number(info.min), 'y', true));
        ctx.lineTo(x, u.valToPos(Number(info.max), 'y', true));
        ctx.stroke();
      });
    });
    if (lowest?.x != null && lowest.x >= xMin && lowest.x <= xMax) {
      const x = u.valToPos(lowest.x, 'x', true);
      const y = u.valToPos(lowest.y, 'y', true);
      ctx.strokeStyle = '#1b1f24';
      ctx.lineWidth = 2 * devicePixelRatio;
      ctx.beginPath();
      ctx.arc(x, y, 7 * devicePixelRatio, 0, 2 * Math.PI);
      ctx.stroke();
      ctx.fillStyle = '#1b1f24';
      ctx.font = `${12 * devicePixelRatio}px system-ui, sans-serif`;
      ctx.textAlign = x > left + width / 2 ? 'right' : 'left';
      // Beside the ring, above it when the ring sits low in the plot.
      const below = y < top + height / 2;
      ctx.fillText('lowest', x + (ctx.textAlign === 'right' ? -10 : 10) * devicePixelRatio, y + (below ? 18 : -10) * devicePixelRatio);
    }
    ctx.restore();
  };

  const moveTo = (i: number, lineIndex: number) => {
    if (!plot) return;
    keyLine = lineIndex;
    plot.setCursor({ left: plot.valToPos(xs[i]!, 'x'), top: plot.valToPos(lines[lineIndex]!.values[i]!, 'y') });
  };

  frame.addEventListener('keydown', (event) => {
    if (!plot) return;
    const span = indexesIn(xs, range);
    if (!span) return;
    const current = plot.cursor.idx ?? null;
    const at = current !== null && current >= span[0] && current <= span[1] && (plot.cursor.left ?? -1) >= 0 ? current : null;
    let i = at ?? span[1];
    let li = keyLine ?? 0;
    switch (event.key) {
      case 'ArrowLeft':
        i = at === null ? span[1] : Math.max(span[0], i - 1);
        break;
      case 'ArrowRight':
        i = at === null ? span[0] : Math.min(span[1], i + 1);
        break;
      case 'Home':
        i = span[0];
        break;
      case 'End':
        i = span[1];
        break;
      case 'ArrowUp':
      case 'ArrowDown':
        li = stepLine(lines, i, li, event.key === 'ArrowUp' ? -1 : 1) ?? li;
        break;
      case 'Escape':
        keyLine = null;
        plot.setCursor({ left: -10, top: -10 });
        return;
      default:
        return;
    }
    event.preventDefault();
    // The store keeps its place while it has a price at the new date; else the nearest one that has.
    const value = lines[li]?.values[i];
    const target = value !== null && value !== undefined ? li : nearestLine(lines, i, lines[li]?.values[at ?? i] ?? 0) ?? stepLine(lines, i, li, 1);
    if (target !== null) moveTo(i, target);
  });
  frame.addEventListener('blur', () => {
    keyLine = null;
    plot?.setCursor({ left: -10, top: -10 });
  });

  return {
    element: figure,
    mount() {
      const started = performance.now();
      let measured = false;
      plot = new uPlot(
        {
          width: Math.max(frame.clientWidth, 200),
          height: HEIGHT,
          legend: { show: false },
          cursor: { drag: { x: false, y: false, setScale: false }, points: { size: 9 } },
          scales: { x: { time: true, range: () => [range.min, range.max] } },
          axes: [
            { stroke: '#57606a', grid: { stroke: '#d0d7de', width: 1 }, ticks: { stroke: '#d0d7de' } },
            { stroke: '#57606a', grid: { stroke: '#d0d7de', width: 1 }, ticks: { stroke: '#d0d7de' }, size: 56 },
          ],
          series: [
            {},
            ...lines.map((line, i) => ({
              label: line.storeName,
              stroke: COLOURS[i % COLOURS.length]!,
              width: 2,
              spanGaps: true,
              ...(i >= COLOURS.length ? { dash: [6, 3] } : {}),
              points: { size: 6 },
            })),
          ],
          hooks: {
            setCursor: [show],
            draw: [
              (u: uPlot) => {
                drawExtras(u);
                if (!measured) {
                  measured = true;
                  performance.measure('price-chart-draw', { start: started, end: performance.now() });
                  figure.dataset.drawn = 'true';
                }
              },
            ],
          },
        },
        [xs, ...lines.map((l) => l.values)] as uPlot.AlignedData,
        frame,
      );
      plot.over.appendChild(tooltip);
      plot.over.addEventListener('mousemove', () => (keyLine = null));
      observer = new ResizeObserver(() => {
        if (plot && frame.clientWidth > 0 && Math.abs(plot.width - frame.clientWidth) > 1) plot.setSize({ width: frame.clientWidth, height: HEIGHT });
      });
      observer.observe(frame);
    },
    setRange(days) {
      range = rangeOf(xs, days, Date.now() / 1000);
      plot?.setScale('x', range);
      figure.dataset.range = days === null ? 'all' : String(days);
    },
    destroy() {
      observer?.disconnect();
      plot?.destroy();
      plot = null;
    },
  };
}
