import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseBatchCase } from '../../../../../src/adapters/stores/cli/batch-case.js';
import { parseCliArgs } from '../../../../../src/adapters/stores/cli/cli-options.js';
import { SettingsError } from '../../../../../src/adapters/stores/cli/setting-values.js';

const BATCH = '/data/checks/cases.jsonl';
const NO_OPTIONS = parseCliArgs(['--batch', BATCH]);

function problemOf(line: string): string {
  try {
    parseBatchCase(line, 7, BATCH, NO_OPTIONS);
  } catch (error) {
    expect(error).toBeInstanceOf(SettingsError);
    return (error as Error).message;
  }
  throw new Error(`${line} was accepted`);
}

describe('parseBatchCase', () => {
  it('reads every field; a relative file is relative to the batch file', () => {
    const line = JSON.stringify({
      file: 'pages/a.html',
      url: 'https://store.example/book/1',
      store: 'thalia-de',
      currency: 'eur',
      isbn: '3-596-29431-2',
      selectors: { price: '.price', currency: '.cur', availability: '.stock' },
      offer_choice: 'first',
      trust: 'meta',
    });
    expect(parseBatchCase(line, 1, BATCH, NO_OPTIONS)).toEqual({
      page: { file: '/data/checks/pages/a.html' },
      request: {
        pageUrl: 'https://store.example/book/1',
        store: 'thalia-de',
        currency: 'EUR',
        isbn13: '9783596294312',
        selectors: { price: '.price', currency: '.cur', availability: '.stock' },
        offerChoice: 'first',
        trust: 'meta',
      },
    });
  });

  it('gives a file its file: URL and inline html the batch line as its address', () => {
    expect(parseBatchCase('{"file": "/pages/b.html"}', 1, BATCH, NO_OPTIONS).request.pageUrl).toBe('file:///pages/b.html');
    const inline = parseBatchCase('{"html": "<p>9,99 €</p>"}', 4, BATCH, NO_OPTIONS);
    expect(inline.page).toEqual({ html: '<p>9,99 €</p>' });
    expect(inline.request.pageUrl).toBe(`${pathToFileURL(path.resolve(BATCH)).href}#line-4`);
  });

  it("takes the command line's options as defaults and lets the case's fields win", () => {
    const options = parseCliArgs(['--batch', BATCH, '--currency', 'GBP', '--selector-price', '.p', '--selector-availability', '.s', '--offer-choice', 'lowest', '--url', 'https://cli.example/']);
    const fromOptions = parseBatchCase('{"html": ""}', 1, BATCH, options).request;
    expect(fromOptions).toMatchObject({ pageUrl: 'https://cli.example/', currency: 'GBP', offerChoice: 'lowest', selectors: { price: '.p', availability: '.s' } });
    const own = parseBatchCase('{"html": "", "currency": "SEK", "selectors": {"price": ".own"}, "offer_choice": "first"}', 1, BATCH, options).request;
    expect(own).toMatchObject({ currency: 'SEK', offerChoice: 'first', selectors: { price: '.own', availability: '.s' } });
  });

  it('reads a case\'s "gtin" (canonical form) beside or instead of its "isbn"; --gtin applies to every case', () => {
    expect(parseBatchCase('{"html": "<p></p>", "gtin": "036000291452"}', 1, BATCH, NO_OPTIONS).request).toMatchObject({ gtin: '0036000291452' });
    const both = parseBatchCase('{"html": "<p></p>", "isbn": "0306406152", "gtin": "00036000291452"}', 1, BATCH, NO_OPTIONS).request;
    expect(both).toMatchObject({ isbn13: '9780306406157', gtin: '0036000291452' });
    const defaults = parseCliArgs(['--batch', BATCH, '--gtin', '4006381333931']);
    expect(parseBatchCase('{"html": "<p></p>"}', 1, BATCH, defaults).request.gtin).toBe('4006381333931');
    expect(parseBatchCase('{"html": "<p></p>", "gtin": "036000291452"}', 1, BATCH, defaults).request.gtin).toBe('0036000291452');
  });

  it('reads null as an absent field', () => {
    expect(parseBatchCase('{"html": "<p></p>", "isbn": null, "selectors": null}', 1, BATCH, NO_OPTIONS).request.isbn13).toBeUndefined();
  });

  it.each([
    ['not json', /^not JSON/],
    ['[1, 2]', /must be a JSON object/],
    ['"page.html"', /must be a JSON object/],
    ['{}', /needs "file" or "html"/],
    ['{"file": "a.html", "html": "<p></p>"}', /needs "file" or "html" \(one of them\)/],
    ['{"file": 12}', /"file" must be a non-empty string/],
    ['{"html": "", "offerChoice": "first"}', /unknown field "offerChoice"/],
    ['{"html": "", "isbn": "9783596294313"}', /"isbn" "9783596294313" is not a valid ISBN/],
    ['{"html": "", "isbn": 9783596294312}', /"isbn" must be a non-empty string/],
    ['{"html": "", "gtin": "036000291453"}', /"gtin" "036000291453" is not a valid GTIN .*the check digit is wrong/],
    ['{"html": "", "gtin": 36000291452}', /"gtin" must be a non-empty string/],
    ['{"html": "", "currency": "Euro"}', /"currency" "Euro" is not an ISO 4217/],
    ['{"html": "", "url": "/book/1"}', /"url" "\/book\/1" is not an absolute URL/],
    ['{"html": "", "offer_choice": "cheapest"}', /"offer_choice" must be first or lowest/],
    ['{"html": "", "selectors": {"cost": ".p"}}', /"selectors" has unknown field "cost"/],
    ['{"html": "", "selectors": {"price": "div[["}}', /"selectors.price" is not a valid CSS selector/],
    ['{"html": "", "selectors": ".price"}', /"selectors" must be an object/],
  ])('refuses %s', (line, message) => {
    expect(problemOf(line)).toMatch(message);
  });
});
