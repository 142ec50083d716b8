// Pages read on a worker thread answer exactly as pages read in the calling thread.
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { explainPrice } from '../../../src/adapters/stores/extraction/index.js';
import { ExtractionThreads } from '../../../src/adapters/stores/extraction-threads.js';

const dir = new URL('../../fixtures/store-pages/', import.meta.url);
const pages = readdirSync(dir)
  .filter((name) => name.endsWith('.html'))
  .map((name) => ({ name, html: readFileSync(new URL(name, dir), 'utf8') }));
const threads = new ExtractionThreads(2);
afterAll(() => threads.close());

describe('ExtractionThreads', () => {
  it('reads every fixture page on worker threads exactly as in the calling thread', async () => {
    expect(pages.length).toBeGreaterThan(10);
    for (const config of [{ defaultCurrency: 'EUR' }, { defaultCurrency: 'GBP', offerChoice: 'lowest' as const }]) {
      const onThreads = await Promise.all(pages.map((p) => threads.explain(p.html, `https://store.example/${p.name}`, config)));
      const here = pages.map((p) => explainPrice(p.html, `https://store.example/${p.name}`, config));
      expect(onThreads).toEqual(here);
    }
  });

  it('reports an extraction error as a rejection, and keeps working', async () => {
    await expect(threads.explain('<html></html>', 'https://store.example/x', { defaultCurrency: 'NOPE' })).rejects.toThrow(/ISO 4217/);
    await expect(threads.explain(pages[0]!.html, 'https://store.example/y', { defaultCurrency: 'EUR' })).resolves.toBeDefined();
  });

  it('reads in the calling thread when it has no threads', async () => {
    const none = new ExtractionThreads(0);
    const page = pages[0]!;
    expect(await none.explain(page.html, 'https://store.example/z', { defaultCurrency: 'EUR' })).toEqual(
      explainPrice(page.html, 'https://store.example/z', { defaultCurrency: 'EUR' }),
    );
  });
});
