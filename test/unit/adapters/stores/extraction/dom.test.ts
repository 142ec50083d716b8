import { describe, expect, it } from 'vitest';
import { loadDom } from '../../../../../src/adapters/stores/extraction/dom.js';

describe('loadDom', () => {
  it('builds the element tree without script, style and template bodies or comments', () => {
    const $ = loadDom(
      '<html><head><script>document.write("<p class=price>1 €</p>")</script><style>.price{}</style></head>' +
        '<body><!-- <p class="price">2 €</p> --><template><p class="price">3 €</p></template><p class="price">4 €</p>' +
        '<script type="application/ld+json">{"price": "4"}</script></body></html>',
    );
    expect($('.price').map((_, element) => $(element).text()).get()).toEqual(['4 €']);
    expect($('script').length).toBe(2);
    expect($('script[type="application/ld+json"]').text()).toBe('{"price": "4"}');
  });

  it('keeps the structure selectors rely on', () => {
    const $ = loadDom('<ul><li><span class="p">1</span></li><script>var x;</script><li><span class="p">2</span></li></ul>');
    expect($('li:last-of-type .p').text()).toBe('2');
  });
});
