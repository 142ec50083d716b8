import { describe, expect, it } from 'vitest';
import { settingsFor } from '../../../../../src/adapters/stores/cli/extraction-settings.js';
import { humanReport } from '../../../../../src/adapters/stores/cli/human-report.js';
import type { InputReading } from '../../../../../src/adapters/stores/cli/input-reading.js';
import { inputJson } from '../../../../../src/adapters/stores/cli/json-output.js';
import type { ExtractionReport } from '../../../../../src/adapters/stores/extraction/types.js';
import { catalogueOf, PRICE, recipe } from './cli-test-helpers.js';

const PAGE = 'https://corner.example/book/9783596294312';
const catalogue = catalogueOf(recipe({ key: 'corner', name: 'Corner Bookshop', currency: 'GBP', hosts: ['corner.example'] }));

const TWO_SOURCES: ExtractionReport = {
  result: PRICE,
  page: 'product',
  sources: [
    {
      source: 'json-ld',
      candidates: [
        { amount: '18.09', currency: 'EUR', availability: 'in_stock', condition: 'new', item: 0, editionMatch: true, pageMatch: true },
        { amount: '14.00', currency: 'EUR', availability: 'unknown', condition: 'unspecified', item: 1, listed: true, editionMatch: false },
      ],
      decision: { kind: 'price', amount: '18.09', currency: 'EUR', availability: 'in_stock' },
      problems: ['block 3 is not JSON'],
    },
    { source: 'microdata', candidates: [], decision: { kind: 'none', message: 'no microdata offer' }, problems: [] },
  ],
  notes: ['json-ld gave the edition its price; listed items were left out'],
};

function reading(report: ExtractionReport, settings = settingsFor({ pageUrl: PAGE }, catalogue)): InputReading {
  return { read: true, input: 'saved/page.html', pageUrl: PAGE, report, settings };
}

describe('humanReport', () => {
  it('shows the page, the settings, every source with its candidates, flags, decision and problems, the notes and the result', () => {
    expect(humanReport(reading(TWO_SOURCES)).split('\n')).toEqual([
      '== saved/page.html',
      `page:     ${PAGE} (a product page)`,
      'settings: store corner (Corner Bookshop) · currency GBP · isbn none · offer choice none (refuse to guess)',
      'source json-ld: price 18.09 EUR, in_stock',
      '  - 18.09 EUR in_stock [new, item 0, edition match, this page]',
      '  - 14.00 EUR unknown [unspecified, item 1, listed, other edition]',
      '  ! block 3 is not JSON',
      'source microdata: nothing — no microdata offer',
      '  no candidates',
      'notes:',
      '  - json-ld gave the edition its price; listed items were left out',
      'decided:  by json-ld',
      'result:   18.09 EUR in_stock (json-ld)',
    ]);
  });

  it('says why it refused, what it would follow, and that the currency was assumed', () => {
    const report: ExtractionReport = {
      result: { ok: false, kind: 'ambiguous_price', message: 'json-ld and microdata disagree', follow: 'https://x.example/book/1' },
      page: 'search_results',
      sources: [{ source: 'json-ld', candidates: [], decision: { kind: 'ambiguous', message: '12.99 USD, 15.99 USD' }, problems: [] }],
      notes: [],
    };
    const text = humanReport(reading(report, settingsFor({ pageUrl: 'file:///tmp/p.html' }, catalogue)));
    expect(text).toContain('(a search results page)');
    expect(text).toContain('currency USD (assumed)');
    expect(text).toContain('when neither tells, a price shown without its currency or only with "$" is refused');
    expect(text).toContain('source json-ld: ambiguous — 12.99 USD, 15.99 USD');
    expect(text).toContain('refused:  ambiguous_price — json-ld and microdata disagree');
    expect(text).toContain('follow:   https://x.example/book/1');
    expect(text.endsWith('result:   ambiguous_price')).toBe(true);
  });

  it('says when an input could not be read', () => {
    expect(humanReport({ read: false, input: 'https://x.example/', kind: 'timeout', message: 'no answer within 10000 ms' })).toBe(
      '== https://x.example/\nnot read: timeout — no answer within 10000 ms',
    );
  });
});

describe('inputJson', () => {
  it('puts the input and the result fields first, then the page read, and the report with the settings used', () => {
    const json = inputJson(reading(TWO_SOURCES));
    expect(Object.keys(json)).toEqual(['input', 'ok', 'amount', 'currency', 'availability', 'source', 'url', 'report']);
    expect(json).toEqual({
      input: 'saved/page.html',
      ...PRICE,
      url: PAGE,
      report: {
        page: 'product',
        sources: TWO_SOURCES.sources,
        notes: TWO_SOURCES.notes,
        settings: { store: 'corner', currency: 'GBP', currencyAssumed: false, isbn13: null, selectors: {}, offerChoice: null, trustSource: null },
      },
    });
  });

  it('shows the edition\'s GTIN in the settings only when one was given, so other readings print as before', () => {
    const settings = settingsFor({ pageUrl: PAGE, isbn13: '9780306406157', gtin: '0036000291452' }, catalogue);
    expect(humanReport(reading(TWO_SOURCES, settings))).toContain('· isbn 9780306406157 · gtin 0036000291452 · offer choice');
    expect((inputJson(reading(TWO_SOURCES, settings)).report as { settings: unknown }).settings).toMatchObject({ isbn13: '9780306406157', gtin: '0036000291452' });
    expect((inputJson(reading(TWO_SOURCES)).report as { settings: object }).settings).not.toHaveProperty('gtin');
  });

  it('gives a refusal its kind, message and follow, and an unread input no report', () => {
    const refusal = inputJson(reading({ ...TWO_SOURCES, result: { ok: false, kind: 'no_price', message: 'none', follow: 'https://x.example/1' } }));
    expect(refusal).toMatchObject({ ok: false, kind: 'no_price', message: 'none', follow: 'https://x.example/1' });
    expect(inputJson({ read: false, input: 'gone.html', kind: 'bad_input', message: 'cannot read gone.html' })).toEqual({
      input: 'gone.html',
      ok: false,
      kind: 'bad_input',
      message: 'cannot read gone.html',
    });
  });
});
