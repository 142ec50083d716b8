// Issue 26 §1: a price a source saw for the main item but could not read is a witness. Fixtures:
// test/fixtures/store-pages/structured/ (also mutated by extraction-mutations.test.ts).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decide } from '../../../../../src/adapters/stores/extraction/choose-price.js';
import { combineSources, type SourceRun } from '../../../../../src/adapters/stores/extraction/combine-sources.js';
import { explainPrice, extractPrice, type ExtractionConfig } from '../../../../../src/adapters/stores/extraction/index.js';
import type { ExtractionSource, PriceCandidate, UnreadPrice } from '../../../../../src/adapters/stores/extraction/types.js';

const fixture = (name: string): string => readFileSync(new URL(`../../../../fixtures/store-pages/structured/${name}`, import.meta.url), 'utf8');
const EUR: ExtractionConfig = { defaultCurrency: 'EUR' };
const URL_ = 'https://shop.example/p/1';

function page(jsonLd: unknown[], body = '', head = ''): string {
  const blocks = jsonLd.map((block) => `<script type="application/ld+json">${JSON.stringify(block)}</script>`);
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Item</title>${head}${blocks.join('\n')}</head><body>${body}</body></html>`;
}
const og = (amount: string, currency = 'EUR'): string =>
  `<meta property="og:price:amount" content="${amount}"><meta property="og:price:currency" content="${currency}">`;

describe('a microdata price element holding the sale and the list price', () => {
  it('is read by its structure: the old-price child is the list price (the old reader dropped it as unreadable)', () => {
    const report = explainPrice(fixture('magento-price-box-sale-list.html'), 'https://werkzeug.example/gartenschere-profi-200.html', EUR);
    expect(report.result).toMatchObject({ ok: true, amount: '71.91', currency: 'EUR', availability: 'in_stock' });
    expect(report.sources.find((s) => s.source === 'microdata')?.decision).toMatchObject({ kind: 'price', amount: '71.91' });
  });

  it('with nothing in its markup to tell them apart, it is a witness: the OpenGraph price without VAT does not decide alone', () => {
    const result = extractPrice(fixture('magento-two-prices-og-net.html'), 'https://werkzeug.example/gartenschere-profi-200.html', EUR);
    expect(result).toMatchObject({ ok: false, kind: 'ambiguous_price' });
    expect(result.ok ? '' : result.message).toContain('71,91 € 79,90 €');
  });

  it('digits of two elements run together are a witness too', () => {
    const result = extractPrice(fixture('microdata-glued-digits-og.html'), 'https://curiosities.example/brass-desk-bell', { defaultCurrency: 'USD' });
    expect(result).toMatchObject({ ok: false, kind: 'ambiguous_price' });
  });
});

describe('the rule for any source', () => {
  const unreadable = { '@type': 'Product', name: 'Lamp', offers: { '@type': 'Offer', price: '71,91 € 79,90 €', priceCurrency: 'EUR' } };

  it('an unreadable JSON-LD price of the main item: a lone meta price is refused', () => {
    expect(extractPrice(page([unreadable], '', og('59.93')), URL_, EUR)).toMatchObject({ ok: false, kind: 'ambiguous_price' });
  });

  it('two other sources that agree still decide', () => {
    const html = page([unreadable], '<div itemscope itemtype="https://schema.org/Product"><meta itemprop="price" content="71.91"><meta itemprop="priceCurrency" content="EUR"></div>', og('71.91'));
    expect(extractPrice(html, URL_, EUR)).toMatchObject({ ok: true, amount: '71.91', currency: 'EUR' });
  });

  it('an unknown currency beside a number is a witness; a price word without digits is not', () => {
    const zorkmid = { '@type': 'Product', name: 'Lamp', offers: { '@type': 'Offer', price: '12.00', priceCurrency: 'Zorkmid' } };
    expect(extractPrice(page([zorkmid], '', og('12.00')), URL_, EUR)).toMatchObject({ ok: false, kind: 'ambiguous_price' });
    const onRequest = { '@type': 'Product', name: 'Lamp', offers: { '@type': 'Offer', price: 'auf Anfrage', priceCurrency: 'EUR' } };
    expect(extractPrice(page([onRequest], '', og('12.00')), URL_, EUR)).toMatchObject({ ok: true, amount: '12.00', source: 'meta' });
  });

  it('an unreadable price of another item (a related product, a list) is no witness', () => {
    const related = { '@type': 'ItemList', itemListElement: [{ '@type': 'ListItem', position: 1, item: unreadable }] };
    expect(extractPrice(page([related], '', og('59.93')), URL_, EUR)).toMatchObject({ ok: true, amount: '59.93', source: 'meta' });
    const usedBesideNew = { '@type': 'Product', name: 'Lamp', offers: [{ '@type': 'Offer', price: '20.00', priceCurrency: 'EUR' }, { '@type': 'Offer', price: 'ca. 10 bis 12 €', itemCondition: 'https://schema.org/UsedCondition' }] };
    expect(extractPrice(page([usedBesideNew]), URL_, EUR)).toMatchObject({ ok: true, amount: '20.00' });
  });

  it('an item whose price is unreadable is not replaced by the next item on the page', () => {
    const next = { '@type': 'Product', name: 'Shade', offers: { '@type': 'Offer', price: '9.00', priceCurrency: 'EUR' } };
    const result = extractPrice(page([unreadable, next]), URL_, EUR);
    expect(result).toMatchObject({ ok: false, kind: 'parse_error' });
    expect(result.ok ? '' : result.message).toContain('71,91 € 79,90 €');
  });

  it('an unreadable meta amount is a witness against a lone JSON-LD price', () => {
    const lamp = { '@type': 'Product', name: 'Lamp', offers: { '@type': 'Offer', price: '71.91', priceCurrency: 'EUR' } };
    expect(extractPrice(page([lamp], '', og('71,91 € / 79,90 €')), URL_, EUR)).toMatchObject({ ok: false, kind: 'ambiguous_price' });
    expect(extractPrice(page([lamp]), URL_, EUR)).toMatchObject({ ok: true, amount: '71.91' });
  });
});

describe('combineSources: the weighing, for any number of sources', () => {
  const price = (amount: string): PriceCandidate => ({ amount, currency: 'EUR', availability: 'unknown', condition: 'unspecified' });
  const run = (source: ExtractionSource, candidates: PriceCandidate[], unread: UnreadPrice[] = []): SourceRun => {
    const outcome = { candidates, problems: [], ...(unread.length > 0 ? { unread } : {}) };
    return { source, outcome, verdict: decide(candidates, EUR, 'EUR') };
  };
  const combine = (runs: SourceRun[]) => combineSources(runs, EUR, [], { code: 'EUR', unsure: false });

  it('a lone source decides when nothing else saw a price', () => {
    expect(combine([run('json-ld', []), run('meta', [price('12.00')])])).toMatchObject({ ok: true, amount: '12.00', source: 'meta' });
  });

  it('an unread price of the main item in any source: one source alone is refused, two agreeing decide', () => {
    const witness = run('microdata', [], [{ text: '71,91 € 79,90 €' }]);
    expect(combine([witness, run('json-ld', [price('71.91')])])).toMatchObject({ ok: false, kind: 'ambiguous_price' });
    expect(combine([witness, run('json-ld', [price('71.91')]), run('visible', [price('71.91')])])).toMatchObject({ ok: true, amount: '71.91' });
  });

  it('a source\'s own unread price beside the one it read leaves that price unconfirmed', () => {
    expect(combine([run('json-ld', [price('71.91')], [{ text: '79,90 € statt' }])])).toMatchObject({ ok: false, kind: 'ambiguous_price' });
  });

  it('meta is a weak witness: it confirms, but does not decide alone against another source that saw other prices', () => {
    const visibleTwo = run('visible', [price('56.00'), price('92.00')]);
    expect(visibleTwo.verdict.decision.kind).toBe('ambiguous');
    expect(combine([run('meta', [price('38.00')]), visibleTwo])).toMatchObject({ ok: false, kind: 'ambiguous_price' });
    // The same unclear visible block does not stop a structured price, nor meta when the block saw meta's price too.
    expect(combine([run('json-ld', [price('38.00')]), visibleTwo])).toMatchObject({ ok: true, amount: '38.00' });
    expect(combine([run('meta', [price('56.00')]), visibleTwo])).toMatchObject({ ok: true, amount: '56.00' });
  });

  it('the store\'s trusted source still decides', () => {
    const runs = [run('microdata', [], [{ text: '12 | 99' }]), run('meta', [price('12.99')])];
    expect(combineSources(runs, { ...EUR, trustSource: 'meta' }, [], { code: 'EUR', unsure: false })).toMatchObject({ ok: true, amount: '12.99' });
  });
});
