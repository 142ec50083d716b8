import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RecipeCatalogue } from '../../../../../src/adapters/stores/cli/extraction-settings.js';
import type { ExtractionConfig, ExtractionReport, ExtractionResult } from '../../../../../src/adapters/stores/extraction/types.js';
import type { StoreRecipe } from '../../../../../src/adapters/stores/recipes/recipe-types.js';
import type { PageExplainer } from '../../../../../src/adapters/stores/store-page-reader.js';

export function recipe(fields: Partial<StoreRecipe> & Pick<StoreRecipe, 'key'>): StoreRecipe {
  return {
    name: fields.key,
    country: null,
    currency: 'EUR',
    formats: ['paperback'],
    homepageUrl: `https://${fields.key}.example/`,
    productUrlTemplate: `https://${fields.key}.example/book/{isbn13}`,
    demo: false,
    hosts: [`${fields.key}.example`],
    verified: 'unverified',
    extraction: {},
    shipping: null,
    ...fields,
  };
}

/** A catalogue matching a recipe by exact host (the real recipeForUrl is the recipes module's business). */
export function catalogueOf(...recipes: StoreRecipe[]): RecipeCatalogue {
  return { recipes, forUrl: (url) => recipes.find((r) => r.hosts.includes(new URL(url).hostname)) };
}

export interface ExplainCall {
  html: string;
  pageUrl: string;
  config: ExtractionConfig;
}

/** An engine stand-in that records what it was asked and answers `result` (or what `answer` makes of the page). */
export function fakeExplainer(answer: (html: string) => ExtractionResult): { explainer: PageExplainer; calls: ExplainCall[] } {
  const calls: ExplainCall[] = [];
  const explainer: PageExplainer = {
    explain: async (html, pageUrl, config) => {
      calls.push({ html, pageUrl, config });
      return reportOf(answer(html));
    },
  };
  return { explainer, calls };
}

export function reportOf(result: ExtractionResult, extra: Partial<ExtractionReport> = {}): ExtractionReport {
  return { result, page: 'product', sources: [], notes: [], ...extra };
}

export const PRICE: ExtractionResult = { ok: true, amount: '18.09', currency: 'EUR', availability: 'in_stock', source: 'json-ld' };

export function tempFolder(files: Record<string, string> = {}): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'shelfwatch-extract-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(folder, name), text);
  return folder;
}
