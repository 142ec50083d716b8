import { describe, expect, it } from 'vitest';
import { mainItemWindow } from '../../../../../src/adapters/stores/extraction/main-item-window.js';

describe('mainItemWindow', () => {
  it('the first h1 of the markup, with the markup around it', () => {
    const html = '<html><body><div class="product"><h1 class="title">Dune</h1><p class="price">9,99 €</p></div></body></html>';
    const window = mainItemWindow(html);
    expect(window?.anchor).toBe('h1');
    expect(window?.markup).toBe(html);
    expect(window?.markup.slice(window.anchorAt)).toMatch(/^<h1 class="title">Dune/);
  });

  it('skips h1 tags in scripts, comments, templates and ld+json, and a logo h1', () => {
    const html =
      '<head><script>var t = "<h1>Script</h1>";</script><script type="application/ld+json">{"d": "<h1>Json</h1>"}</script></head>' +
      '<body><!-- <h1>Comment</h1> --><template><h1>Template</h1></template><header><H1 class="site-logo">Shop</H1></header>' +
      '<main><H1>Dune</H1></main></body>';
    const window = mainItemWindow(html);
    expect(window?.markup.slice(window.anchorAt)).toMatch(/^<H1>Dune/);
    expect(window?.markup).not.toContain('Script');
    expect(window?.markup).not.toContain('Comment');
  });

  it('without an h1: an element naming the product title, else a microdata name that is no breadcrumb\'s', () => {
    const titled = mainItemWindow('<ol class="breadcrumb"><li><span itemprop="name">Books</span></li></ol><div id="productTitle">Dune</div>');
    expect(titled?.anchor).toBe('title');
    expect(titled?.markup.slice(titled.anchorAt)).toMatch(/^<div id="productTitle">/);
    const named = mainItemWindow('<ol class="breadcrumb"><li><span itemprop="name">Books</span></li></ol><p>x</p>'.padEnd(400, ' ') + '<span itemprop="name">Dune</span>');
    expect(named?.markup.slice(named.anchorAt)).toMatch(/^<span itemprop="name">Dune/);
  });

  it('no heading at all: null', () => {
    expect(mainItemWindow('<p>Nothing to see</p>')).toBeNull();
  });

  it('at most 8 KB of markup before the heading and 40 KB after, scripts not counted, starting at a tag', () => {
    const before = `${'<p>before</p>'.repeat(20)}<script>${'x'.repeat(5_000)}</script>`.repeat(40);
    const after = '<p>after</p>'.repeat(10_000);
    const window = mainItemWindow(`<html><body>${before}<h1>Dune</h1>${after}</body></html>`);
    expect(window).not.toBeNull();
    if (window === null) return;
    expect(window.anchorAt).toBeLessThanOrEqual(8_000);
    expect(window.anchorAt).toBeGreaterThan(7_900);
    expect(window.markup.startsWith('<')).toBe(true);
    expect(window.markup.length - window.anchorAt).toBe(40_000);
    expect(window.markup).not.toContain('xxxx');
  });
});
