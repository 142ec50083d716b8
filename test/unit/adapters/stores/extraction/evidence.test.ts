// A quote's evidence: which source decided, what it read, which others agree; short and built from the report alone.
import { describe, expect, it } from 'vitest';
import { evidenceOf } from '../../../../../src/adapters/stores/extraction/evidence.js';
import { EVIDENCE_MAX_CHARS } from '../../../../../src/domain/pricing/price-observation.js';
import { explainPrice } from '../../../../../src/adapters/stores/extraction/extract-price.js';
import type { ExtractionReport, PriceCandidate, SourceReport } from '../../../../../src/adapters/stores/extraction/types.js';

const candidate = (amount: string, extra: Partial<PriceCandidate> = {}): PriceCandidate => ({
  amount, currency: 'EUR', availability: 'in_stock', condition: 'new', ...extra,
});
const priced = (source: SourceReport['source'], amount: string, extra: Partial<PriceCandidate> = {}, currency = 'EUR'): SourceReport => ({
  source,
  candidates: [candidate(amount, { currency, ...extra })],
  decision: { kind: 'price', amount, currency, availability: 'in_stock' },
  problems: [],
});
const nothing = (source: SourceReport['source']): SourceReport => ({ source, candidates: [], decision: { kind: 'none', message: 'nothing' }, problems: [] });
const answer = (source: SourceReport['source'], amount: string, sources: SourceReport[], notes: string[] = []): ExtractionReport => ({
  result: { ok: true, amount, currency: 'EUR', availability: 'in_stock', source },
  page: 'product',
  sources,
  notes,
});

describe('evidenceOf', () => {
  it('names the deciding source with the text it read, then the sources that agree', () => {
    const report = answer('json-ld', '12.99', [
      priced('json-ld', '12.99', { read: 'offers.price "12.99"' }),
      nothing('microdata'),
      priced('visible', '12.99', { read: '.price "12,99 €"' }),
    ]);
    expect(evidenceOf(report)).toBe('json-ld offers.price "12.99" EUR; visible .price "12,99 €" agrees');
  });

  it('shows a source that kept no read text by its amount', () => {
    const report = answer('json-ld', '12.99', [priced('json-ld', '12.99'), priced('meta', '12.99')]);
    expect(evidenceOf(report)).toBe('json-ld 12.99 EUR; meta 12.99 agrees');
  });

  it('says when the store trusts the deciding source, and sets aside a source with another price', () => {
    const report = answer('json-ld', '12.99', [priced('json-ld', '12.99'), priced('meta', '10.92')], ['the store trusts json-ld']);
    expect(evidenceOf(report)).toBe('json-ld 12.99 EUR (trusted); meta 10.92 EUR set aside');
  });

  it('a source that wrote no currency agrees on the amount alone', () => {
    const visible: SourceReport = { ...priced('visible', '12.99', {}, 'GBP'), decision: { kind: 'price', amount: '12.99', currency: 'GBP', availability: 'unknown', currencyAssumed: true } };
    expect(evidenceOf(answer('microdata', '12.99', [priced('microdata', '12.99'), visible]))).toBe('microdata 12.99 EUR; visible 12.99 agrees');
  });

  it('a refusal lists what each source saw, and is null when none saw anything', () => {
    const ambiguous: SourceReport = { source: 'json-ld', candidates: [candidate('1.00'), candidate('2.00')], decision: { kind: 'ambiguous', message: 'two prices' }, problems: [] };
    const refused: ExtractionReport = {
      result: { ok: false, kind: 'ambiguous_price', message: 'the sources disagree' },
      page: 'product',
      sources: [ambiguous, priced('microdata', '14.99', { read: 'itemprop=price "14,99"' }), nothing('visible')],
      notes: [],
    };
    expect(evidenceOf(refused)).toBe('json-ld ambiguous; microdata itemprop=price "14,99" EUR');
    expect(evidenceOf({ ...refused, sources: [nothing('json-ld')] })).toBeNull();
  });

  it('keeps a read text to one line without the segment separator, and the whole within the cap by dropping whole segments', () => {
    const long = 'x'.repeat(300);
    const report = answer('json-ld', '12.99', [
      priced('json-ld', '12.99', { read: 'a;\nb\t c' }),
      priced('microdata', '12.99', { read: long }),
      priced('meta', '12.99', { read: long }),
      priced('visible', '12.99', { read: long }),
    ]);
    const evidence = evidenceOf(report)!;
    expect(evidence.startsWith('json-ld a, b c EUR; microdata ')).toBe(true);
    expect(evidence.length).toBeLessThanOrEqual(EVIDENCE_MAX_CHARS);
    expect(evidence.endsWith('; …')).toBe(true);
    expect(evidence.split('; ').every((segment) => /^(json-ld|microdata|meta|selectors|visible) |^…$/.test(segment))).toBe(true);
  });

  it('is built from a real reading of a page', () => {
    const html = `<html><head><script type="application/ld+json">{"@type":"Product","name":"A book","offers":{"@type":"Offer","price":"12.99","priceCurrency":"EUR"}}</script></head>
      <body><h1>A book</h1><p class="price">12,99 €</p></body></html>`;
    const report = explainPrice(html, 'https://shop.example/book', { defaultCurrency: 'EUR' });
    expect(report.result.ok).toBe(true);
    // Each source quotes the value as the page wrote it.
    expect(evidenceOf(report)).toBe('json-ld "12.99" EUR; visible "12,99 €" agrees');
  });
});
