// Inline SVG elements (the charts are hand-written SVG, no library), with an optional <title> as their tooltip.

const SVG_NS = 'http://www.w3.org/2000/svg';

export function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>, title?: string): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  if (title) {
    const t = document.createElementNS(SVG_NS, 'title');
    t.textContent = title;
    node.appendChild(t);
  }
  return node;
}
