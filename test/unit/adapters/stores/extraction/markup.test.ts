import { describe, expect, it } from 'vitest';
import { forEachMarkupStretch, markupOf } from '../../../../../src/adapters/stores/extraction/markup.js';

describe('markupOf', () => {
  it('empties script, style and template bodies and drops comments, keeping the elements', () => {
    const html =
      '<html><head><script>var a = "<div class=price>1 €</div>";</script><style>.p{}</style></head>' +
      '<body><!-- <p>old</p> --><template><p>tpl</p></template><p>kept</p></body></html>';
    expect(markupOf(html)).toBe('<html><head><script></script><style></style></head><body><template></template><p>kept</p></body></html>');
  });

  it('keeps ld+json scripts whole', () => {
    const html = '<script type="application/ld+json">{"price": "1"}</script><script>x()</script>';
    expect(markupOf(html)).toBe('<script type="application/ld+json">{"price": "1"}</script><script></script>');
  });

  it('finds closing tags in any case and with attributes or spaces; nested templates close together', () => {
    expect(markupOf('<SCRIPT type="text/javascript">a<b</SCRIPT ><p>x</p>')).toBe('<SCRIPT type="text/javascript"></SCRIPT ><p>x</p>');
    expect(markupOf('<template><template>a</template>b</template><p>x</p>')).toBe('<template></template><p>x</p>');
    // A tag that merely starts like one is no script.
    expect(markupOf('<scripts>a</scripts>')).toBe('<scripts>a</scripts>');
  });

  it('reads `<!-->` as an empty comment, and an unterminated comment or script as running to the end', () => {
    expect(markupOf('<p>a</p><!--><p>b</p>')).toBe('<p>a</p><p>b</p>');
    expect(markupOf('<p>a</p><!-- never closed <p>b</p>')).toBe('<p>a</p>');
    expect(markupOf('<p>a</p><script>never closed <p>b</p>')).toBe('<p>a</p><script>');
  });

  it('a range: from a start, up to an end, at most maxChars', () => {
    const html = '<p>one</p><script>x</script><p>two</p><p>three</p>';
    expect(markupOf(html, { start: 10 })).toBe('<script></script><p>two</p><p>three</p>');
    expect(markupOf(html, { end: 30 })).toBe('<p>one</p><script></script><p');
    expect(markupOf(html, { maxChars: 20 })).toBe('<p>one</p><script></');
  });

  it('returns a page with nothing to remove as it is', () => {
    const html = '<p>plain</p>'.repeat(10_000);
    expect(markupOf(html)).toBe(html);
  });

  it('stretches: ld+json bodies count as markup only when asked', () => {
    const html = '<p>a</p><script type="application/ld+json">{}</script><p>b</p>';
    const stretches = (ldJson: boolean): string[] => {
      const found: string[] = [];
      forEachMarkupStretch(html, (from, to) => found.push(html.slice(from, to)) > 0, { start: 0, end: html.length, ldJson });
      return found;
    };
    expect(stretches(true).join('')).toBe(html);
    expect(stretches(false).join('')).toBe('<p>a</p><script type="application/ld+json"></script><p>b</p>');
  });

  it('stops when the visitor has seen enough, without scanning the rest of a large page', () => {
    const html = `<p>start</p>${'<div class="tile"><span>x</span></div>'.repeat(100_000)}`;
    let visits = 0;
    forEachMarkupStretch(html, () => (visits++, false), { start: 0, end: html.length, ldJson: false });
    expect(visits).toBe(1);
  });

  it('a 3 MB page that is mostly scripts keeps only its markup; one that is all markup keeps it all', () => {
    const script = `<script>window.s = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ id: i, html: '<div class="price">1 €</div>' })))};</script>`;
    const markup = '<div class="row"><a href="/b">Book</a> <span class="price">12,99 €</span><!-- c --></div>\n'.repeat(20);
    let scripts = '';
    while (scripts.length < 3_000_000) scripts += script + markup;
    let tiles = '';
    while (tiles.length < 3_000_000) tiles += '<div class="tile"><a href="/b/1">Book</a> <span class="price">12,99 €</span></div>\n';
    expect(markupOf(scripts).length).toBeLessThan(scripts.length / 5);
    expect(markupOf(tiles)).toBe(tiles);
  });
});
