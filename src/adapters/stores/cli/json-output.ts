import type { ExtractionResult } from '../extraction/types.js';
import type { InputReading } from './input-reading.js';

/** `--json`: the result's fields with the input first, then the report (sources, notes) and the settings used. */
export function inputJson(reading: InputReading): Record<string, unknown> {
  if (!reading.read) return { input: reading.input, ok: false, kind: reading.kind, message: reading.message };
  const { report, settings } = reading;
  return {
    input: reading.input,
    ...resultFields(report.result),
    url: reading.pageUrl,
    report: {
      page: report.page,
      sources: report.sources,
      notes: report.notes,
      ...(reading.followedFrom !== undefined ? { followedFrom: reading.followedFrom } : {}),
      settings: {
        store: settings.recipe?.key ?? null,
        currency: settings.config.defaultCurrency,
        currencyAssumed: settings.currencyAssumed,
        isbn13: settings.config.isbn13 ?? null,
        // Only when given, so the object is the same as before for a reading without one.
        ...(settings.config.gtin !== undefined ? { gtin: settings.config.gtin } : {}),
        selectors: settings.config.selectors ?? {},
        offerChoice: settings.config.offerChoice ?? null,
        trustSource: settings.config.trustSource ?? null,
      },
    },
  };
}

/** The result alone, in a fixed field order (a batch line is exactly this). */
export function resultFields(result: ExtractionResult): Record<string, unknown> {
  if (result.ok) {
    return { ok: true, amount: result.amount, currency: result.currency, availability: result.availability, source: result.source };
  }
  return { ok: false, kind: result.kind, message: result.message, ...(result.follow !== undefined ? { follow: result.follow } : {}) };
}
