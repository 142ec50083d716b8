// The shortcuts that keep a 3 MB page fast (npm run bench:extraction) must answer as the long way does: meta tags
// and h1 headings found by the JSON-LD scan, script ends found by a plain search, and the visible price block read
// from the start of its window when it closes there.
import { describe, expect, it } from 'vitest';
import { findJsonLdBlocks } from '../../../../../src/adapters/stores/extraction/json-ld-blocks.js';
import { mainItemWindow } from '../../../../../src/adapters/stores/extraction/main-item-window.js';
import { forEachMarkupStretch, markupOf, type SkippedPart } from '../../../../../src/adapters/stores/extraction/markup.js';
import { scanMeta } from '../../../../../src/adapters/stores/extraction/meta-scan.js';
import { fromVisiblePrice } from '../../../../../src/adapters/stores/extraction/visible-price.js';
import { explainPrice } from '../../../../../src/adapters/stores/extraction/index.js';
import { fromMicrodata } from '../../../../../src/adapters/stores/extraction/microdata.js';
import { scanTags } from '../../../../../src/adapters/stores/extraction/tag-scan.js';
import type { ExtractionContext } from '../../../../../src/adapters/stores/extraction/types.js';
import { seededRandom } from '../../../../support/page-decoys.js';

const ctx: ExtractionContext = { pageUrl: 'https://store.example/book', defaultCurrency: 'EUR', isbn13: null };
const LD = '<script type="application/ld+json">{"@type":"Book"}</script>';

/**
 * The ld+json bodies a browser's tokenizer would find, read character by character: comments end at the first `-->`
 * after `<!--` (`<!-->` is one), script and style bodies at their first closing tag, templates (nested) at theirs.
 */
function ldJsonBodies(html: string): string[] {
  const lower = html.toLowerCase();
  const bodies: string[] = [];
  for (let at = 0; at < html.length; ) {
    if (lower.startsWith('<!--', at)) {
      const close = lower.indexOf('-->', at + 2);
      if (close < 0) break;
      at = close + 3;
      continue;
    }
    const opener = /^<(script|style|template)[\s/>]/.exec(lower.slice(at, at + 10));
    if (opener === null) {
      at++;
      continue;
    }
    const name = opener[1] as string;
    const tagEnd = lower.indexOf('>', at);
    if (tagEnd < 0) break;
    const closing = new RegExp(name === 'template' ? '<\\/?template[\\s/>]' : `<\\/${name}[\\s/>]`, 'g');
    closing.lastIndex = tagEnd + 1;
    let end = -1;
    for (let depth = 0, match = closing.exec(lower); match !== null; match = closing.exec(lower)) {
      if (match[0][1] !== '/') depth++;
      else if (depth-- === 0) {
        end = match.index;
        break;
      }
    }
    if (name === 'script' && /\btype\s*=\s*["']?\s*application\/ld\+json/.test(lower.slice(at, tagEnd))) bodies.push(html.slice(tagEnd + 1, end < 0 ? html.length : end));
    if (end < 0) break;
    at = end;
  }
  return bodies;
}

/** The markup stretches a walk of the page visits, with the parts a scan noted or without. */
function stretchesOf(html: string, parts?: readonly SkippedPart[]): string[] {
  const found: string[] = [];
  forEachMarkupStretch(html, (from, to) => found.push(html.slice(from, to)) > 0, { start: 0, end: html.length, ldJson: false, parts });
  return found;
}

describe('findJsonLdBlocks with meta tags', () => {
  it('notes every <meta, in markup, comments, script tags and bodies, in page order', () => {
    const html =
      '<META property="og:a" content="1"><!-- <meta name="x:b" content="2"> --><script data-x="<meta">var s = "<Meta name=\'x:c\' content=\'3\'>";</script>' +
      `${LD}<meta name="x:d" content="4"><metadata></metadata>`;
    const metaAt: number[] = [];
    expect(findJsonLdBlocks(html, { meta: metaAt, h1: [] }).blocks).toEqual(['{"@type":"Book"}']);
    const expected = [...html.matchAll(/<meta\b/gi)].map((match) => match.index);
    expect(metaAt).toEqual(expected);
    expect(scanMeta(html, metaAt)).toEqual(scanMeta(html));
  });

  it('reads the same meta tags as a scan of the page, also where one tag swallows another or never closes', () => {
    const pages = [
      '<meta property="og:price:amount" content="<meta property=\'og:price:amount\' content=\'3\'>"><meta property="og:price:currency" content="EUR">',
      '<meta property="og:price:amount" content="12.50"<meta name="x:y" content="z"><p><meta property="product:price:amount" content="12.50">',
      '<!-- never closed <meta property="og:price:amount" content="1">',
      '<script>never closed <meta property="og:price:amount" content="1">',
      '<meta property="og:price:amount" content="1"',
    ];
    for (const html of pages) {
      const metaAt: number[] = [];
      findJsonLdBlocks(html, { meta: metaAt, h1: [] });
      expect(scanMeta(html, metaAt), html).toEqual(scanMeta(html));
    }
  });

  it('notes every <h1 followed by a space or > where a search of the whole page finds it, and the window is the same', () => {
    const pages = [
      '<H1\tclass="logo">Shop</H1><!-- <h1>Old</h1> --><script data-x="<h1 x">var s = "<h1>In a script</h1>";</script>' +
        `${LD}<h1x>not one</h1x><meta name="x:y" content="<h1>"><main><h1 class="title">Dune</h1><p class="price">9,99 €</p></main><h1`,
      '<!-- never closed <h1>Dune</h1>',
      '<script>never closed <h1>Dune</h1>',
      '<h1>Dune</h1><script>a</script foo><h1 id="second">x</h1></script><h1>',
      '<template><h1>Template</h1></template><style>h1{}</style><div><h1\n>Dune</h1><span class="price">12 €</span></div>',
    ];
    for (const html of pages) {
      const starts = { meta: [] as number[], h1: [] as number[], parts: [] as SkippedPart[] };
      findJsonLdBlocks(html, starts);
      expect(starts.h1, html).toEqual([...html.matchAll(/<h1(?=[\s>])/gi)].map((match) => match.index));
      expect(mainItemWindow(html, starts), html).toEqual(mainItemWindow(html));
    }
  });

  // The scan matches tag names in lower case and confirms any other letter case (json-ld-blocks.ts): on pages made of
  // names in every letter case, it must find what a case-insensitive reading finds, and skip what a walk of the
  // markup skips (markup.ts), so that the parts it notes serve that walk.
  it('finds the same blocks, meta tags, headings and skipped parts in any letter case as a case-insensitive reading', () => {
    // Whole tags and comment marks (some in a random letter case) among loose pieces of them.
    const tags = ['<!--', '-->', '<!-->', '<!--->', '--!>', '<script>', '<script type="application/ld+json">', '<script TYPE=application/LD+JSON >',
      '</script>', '</script foo>', '</scripts>', '<style>', '</style >', '<template>', '</template>', '<template/>', '<h1>', '<h1 class="t">',
      '<meta name="x">', '<metadata>', '<main>', '<span class="price">', '</span>', '{"@type":"Book"}', '12 €'];
    const loose = ['<', '</', '>', ' ', '/', '!--', '--', 'x', '"', 'script', 'sc', 'RI', 'pT', 'style', 'ST', 'yL', 'e', 'E', 'template',
      'TEM', 'pLa', 'te', 'T', 'meta', 'mE', 'tA', 'h1', 'H1', 'h2', 'H', 'S', 'M', '1'];
    const random = seededRandom(2611);
    const anyCase = (text: string): string => (random.chance(0.3) ? [...text].map((c) => (random.chance(0.5) ? c.toUpperCase() : c)).join('') : text);
    for (let page = 0; page < 4_000; page++) {
      const html = Array.from({ length: random.int(5, 64) }, () => (random.chance(0.5) ? anyCase(random.pick(tags)) : random.pick(loose))).join('');
      const starts = { meta: [] as number[], h1: [] as number[], parts: [] as SkippedPart[] };
      expect(findJsonLdBlocks(html, starts).blocks, html).toEqual(ldJsonBodies(html));
      expect(starts.meta, html).toEqual([...html.matchAll(/<meta\b/gi)].map((match) => match.index));
      expect(starts.h1, html).toEqual([...html.matchAll(/<h1(?=[\s>])/gi)].map((match) => match.index));
      expect(markupOf(html, { parts: starts.parts }), html).toBe(markupOf(html));
      expect(stretchesOf(html, starts.parts), html).toEqual(stretchesOf(html));
      expect(mainItemWindow(html, starts), html).toEqual(mainItemWindow(html));
    }
  });

  it('ends a script at </script> in any letter case and with spaces, not at </scripts> or a lone </', () => {
    const html = '<script>if (a</b) s = "</scripts>";</SCRIPT  ><script type="application/ld+json">{"price": 1}</script\n>';
    expect(findJsonLdBlocks(html).blocks).toEqual(['{"price": 1}']);
  });
});

describe('the microdata marker, searched in the markup only', () => {
  const microdataCandidates = (html: string): string[] =>
    explainPrice(html, 'https://store.example/book', { defaultCurrency: 'EUR' })
      .sources.filter((source) => source.source === 'microdata')
      .flatMap((source) => source.candidates.map((c) => `${c.amount} ${c.currency}`));
  const longWay = (html: string): string[] => fromMicrodata(scanTags(html), ctx).candidates.map((c) => `${c.amount} ${c.currency}`);
  const price = '<span itemprop="price" content="12.50">12,50 €</span>';

  it('reads what a tag scan of the whole page reads: a price in markup, none in a script, comment, style or template', () => {
    const pages = [
      `<html><body><div itemscope itemtype="https://schema.org/Offer">${price}</div></body></html>`,
      `<html><body><script>var t = '${price}';</script><!-- ${price} --><template>${price}</template><style>/* ${price} */</style></body></html>`,
      `<html><body><script>var t = '${price}';</script><p itemprop="price" content="9.99">9,99 €</p></body></html>`,
    ];
    for (const html of pages) expect(microdataCandidates(html), html).toEqual(longWay(html));
    expect(microdataCandidates(pages[0] as string)).toEqual(['12.50 EUR']);
    expect(microdataCandidates(pages[1] as string)).toEqual([]);
  });

  // The walk hands a long run of markup over in chunks of 64 KiB (markup.ts): the marker may sit across their seam.
  it('finds a marker that spans the seam of two chunks of a long run of markup', () => {
    const seam = 65_536;
    for (const before of [1, 5, 12]) {
      const head = '<html><body><div itemscope>';
      const filler = '<p>Reviews and more text about the book.</p>'.repeat(2_000);
      let html = `${head}${filler}`.slice(0, seam - before - '<span '.length);
      html = `${html.slice(0, html.lastIndexOf('<'))}${' '.repeat(html.length - html.lastIndexOf('<'))}${price}</div></body></html>`;
      expect(html.indexOf('itemprop="price"')).toBe(seam - before);
      expect(microdataCandidates(html), String(before)).toEqual(['12.50 EUR']);
    }
  });
});

describe('fromVisiblePrice: a block read from the start of its window', () => {
  // Neutral text far after the block: past the first read (6 KB after the heading) or not, the answer is the same.
  const filler = (chars: number): string => '<p>Reviews, shipping notes and more text about the book.</p>'.repeat(Math.ceil(chars / 60));
  const blocks = [
    '<div class="item"><h1>Dune</h1><span class="price">12,50 €</span></div>',
    '<div class="item"><h1>Dune</h1><span class="price">12,50 €</span><span class="price">14,00 €</span></div>',
    '<div class="item"><h1>Dune <span class="price">12,50 €</span></h1></div><p>zzgl. Versand</p>',
    '<div class="item"><h1>Dune</h1><ul><li role="radio">500 ml 9,99 €</li><li role="radio">1 l 15,99 €</li></ul></div>',
    '<div class="item"><h1>Dune</h1><ul><li role="radio" aria-checked="true">500 ml 9,99 €</li><li role="radio">1 l 15,99 €</li></ul></div>',
    `<div class="grid">${'<i class="price">1 €</i>'.repeat(300)}</div><div class="item"><h1>Dune</h1><span class="price">12,50 €</span></div>`,
    '<div class="item"><h1>Dune</h1></div><div class="buy"><span class="price">12,50 €</span></div>',
  ];
  it.each(blocks.map((block, i) => [i, block] as const))('block %i answers the same on a short and a long page', (_i, block) => {
    const short = fromVisiblePrice(`<html><body>${block}${filler(1_000)}</body></html>`, ctx);
    const long = fromVisiblePrice(`<html><body>${block}${filler(1_000)}${filler(30_000)}</body></html>`, ctx);
    expect(long).toEqual(short);
  });

  it('reads a block still open at the first read whole: a second price further in it is not lost', () => {
    const html = `<html><body><div class="item"><h1>Dune</h1><span class="price">12,50 €</span>${filler(9_000)}<span class="price">14,00 €</span></div>${filler(20_000)}</body></html>`;
    expect(fromVisiblePrice(html, ctx).candidates.map((c) => `${c.amount} ${c.currency}`)).toEqual(['12.50 EUR', '14.00 EUR']);
  });

  it('reads the block past the first read when it closes later', () => {
    const html = `<html><body><div class="item"><h1>Dune</h1>${filler(9_000)}<span class="price">12,50 €</span></div>${filler(20_000)}</body></html>`;
    expect(fromVisiblePrice(html, ctx).candidates.map((c) => `${c.amount} ${c.currency}`)).toEqual(['12.50 EUR']);
  });
});
