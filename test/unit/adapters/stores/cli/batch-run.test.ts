import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBatch } from '../../../../../src/adapters/stores/cli/batch-run.js';
import { parseCliArgs } from '../../../../../src/adapters/stores/cli/cli-options.js';
import type { ExtractionResult } from '../../../../../src/adapters/stores/extraction/types.js';
import { catalogueOf, fakeExplainer, PRICE, recipe, tempFolder } from './cli-test-helpers.js';

const NO_PRICE: ExtractionResult = { ok: false, kind: 'no_price', message: 'no price anywhere' };
const FOLLOW: ExtractionResult = { ok: false, kind: 'no_price', message: 'a search results page', follow: 'https://s.example/book/1' };

/** Answers by the page's text, so each case's line can be told apart. */
const byPage = (html: string): ExtractionResult => (html.includes('search') ? FOLLOW : html.includes('price') ? PRICE : NO_PRICE);

async function batchOf(lines: string[], files: Record<string, string> = {}, argv: string[] = []) {
  const folder = tempFolder(files);
  const batchFile = path.join(folder, 'cases.jsonl');
  writeFileSync(batchFile, lines.join('\n'));
  const engine = fakeExplainer(byPage);
  const output: string[] = [];
  const summary = await runBatch(batchFile, parseCliArgs(['--batch', batchFile, ...argv]), {
    catalogue: catalogueOf(recipe({ key: 'corner', currency: 'GBP', hosts: ['corner.example'] })),
    explainer: engine.explainer,
    writeLine: async (line) => {
      output.push(line);
    },
  });
  return { summary, lines: output.map((line) => JSON.parse(line) as Record<string, unknown>), calls: engine.calls, folder };
}

describe('runBatch', () => {
  it('writes one line per case, in order; a bad line says why and the batch goes on; blank lines are not cases', async () => {
    const { summary, lines } = await batchOf(
      [
        '{"file": "a.html"}',
        '',
        'not json',
        '{"html": "<p>nothing</p>"}',
        '   ',
        '{"file": "missing.html"}',
        '{"html": "<p>price</p>", "store": "nope"}',
        '{"html": "<p>search</p>"}',
        '{"html": "<p>price</p>", "isbn": "123"}',
      ],
      { 'a.html': '<p>price</p>' },
    );
    expect(lines).toEqual([
      { ok: true, amount: '18.09', currency: 'EUR', availability: 'in_stock', source: 'json-ld' },
      { ok: false, kind: 'bad_input', message: expect.stringMatching(/^line 3: not JSON/) },
      { ok: false, kind: 'no_price', message: 'no price anywhere' },
      { ok: false, kind: 'bad_input', message: expect.stringMatching(/^line 6: cannot read .*missing\.html: ENOENT/) },
      { ok: false, kind: 'bad_input', message: expect.stringMatching(/^line 7: unknown store "nope"/) },
      { ok: false, kind: 'no_price', message: 'a search results page', follow: 'https://s.example/book/1' },
      { ok: false, kind: 'bad_input', message: expect.stringMatching(/^line 9: "isbn" "123" is not a valid ISBN/) },
    ]);
    expect(Object.keys(lines[0] ?? {})).toEqual(['ok', 'amount', 'currency', 'availability', 'source']);
    expect(summary).toEqual({ cases: 7, badInput: 4 });
  });

  it("reads each case with its settings: a store's recipe, its address, the command line's defaults", async () => {
    const { calls } = await batchOf(
      [
        '{"file": "a.html", "url": "https://corner.example/book/1", "isbn": "0-306-40615-2"}',
        '{"html": "<p>x</p>", "store": "corner", "currency": "SEK"}',
        '{"html": "<p>y</p>"}',
      ],
      { 'a.html': '<p>price</p>' },
      ['--selector-price', '.p', '--offer-choice', 'lowest'],
    );
    expect(calls.map((call) => [call.html, call.pageUrl, call.config])).toEqual([
      ['<p>price</p>', 'https://corner.example/book/1', { defaultCurrency: 'GBP', isbn13: '9780306406157', selectors: { price: '.p' }, offerChoice: 'lowest' }],
      ['<p>x</p>', expect.stringMatching(/cases\.jsonl#line-2$/), { defaultCurrency: 'SEK', selectors: { price: '.p' }, offerChoice: 'lowest' }],
      ['<p>y</p>', expect.stringMatching(/cases\.jsonl#line-3$/), { defaultCurrency: 'USD', currencyUnknown: true, selectors: { price: '.p' }, offerChoice: 'lowest' }],
    ]);
  });

  it('reports an engine that throws as that case only', async () => {
    const folder = tempFolder({ 'cases.jsonl': '{"html": "boom"}\n{"html": "<p>price</p>"}\n' });
    const output: string[] = [];
    const summary = await runBatch(path.join(folder, 'cases.jsonl'), parseCliArgs(['--batch', 'x']), {
      catalogue: catalogueOf(),
      explainer: {
        explain: async (html) => {
          if (html === 'boom') throw new Error('selector engine crashed');
          return { result: PRICE, page: 'product', sources: [], notes: [] };
        },
      },
      writeLine: async (line) => {
        output.push(line);
      },
    });
    expect(output.map((line) => JSON.parse(line))).toEqual([
      { ok: false, kind: 'parse_error', message: 'line 1: the page reader failed: selector engine crashed' },
      expect.objectContaining({ ok: true }),
    ]);
    expect(summary).toEqual({ cases: 2, badInput: 0 });
  });

  it('streams a large batch: thousands of cases, one page read at a time', async () => {
    const cases = Array.from({ length: 3000 }, (_, i) => JSON.stringify({ html: i % 2 ? '<p>price</p>' : '<p>none</p>' }));
    const { summary, lines } = await batchOf(cases);
    expect(summary).toEqual({ cases: 3000, badInput: 0 });
    expect(lines[2998]).toMatchObject({ ok: false, kind: 'no_price' });
    expect(lines[2999]).toMatchObject({ ok: true });
  });

  it('throws when the batch file itself cannot be opened', async () => {
    await expect(
      runBatch('/nonexistent/cases.jsonl', parseCliArgs(['--batch', 'x']), { catalogue: catalogueOf(), writeLine: async () => undefined }),
    ).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
