import { open, readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { explainHere, type PageExplainer } from '../store-page-reader.js';
import { parseBatchCase } from './batch-case.js';
import type { CliOptions } from './cli-options.js';
import { settingsFor, type RecipeCatalogue } from './extraction-settings.js';
import { cannotRead } from './input-reading.js';
import { resultFields } from './json-output.js';
import { SettingsError } from './setting-values.js';

export interface BatchTools {
  catalogue: RecipeCatalogue;
  explainer?: PageExplainer;
  /** Writes one output line, waiting while the reader of stdout catches up. */
  writeLine: (line: string) => Promise<void>;
  onCase?: (cases: number) => void;
}

export interface BatchSummary {
  cases: number;
  /** Cases answered `bad_input` (a line that is no case: bad JSON, a missing file, a bad setting). */
  badInput: number;
}

/**
 * Reads a JSONL batch line by line (never the whole file, never two pages at once) and writes one JSON line per
 * case, in order. A blank line is not a case: it gets no output line. No network: files and inline html only.
 * Throws when the batch file itself cannot be opened.
 */
export async function runBatch(batchFile: string, defaults: CliOptions, tools: BatchTools): Promise<BatchSummary> {
  const handle = await open(batchFile, 'r');
  const lines = createInterface({ input: handle.createReadStream({ encoding: 'utf8' }), crlfDelay: Infinity });
  const summary: BatchSummary = { cases: 0, badInput: 0 };
  let lineNumber = 0;
  try {
    for await (const line of lines) {
      lineNumber++;
      if (line.trim() === '') continue;
      const outcome = await batchLine(line, lineNumber, batchFile, defaults, tools);
      summary.cases++;
      if (outcome.kind === 'bad_input') summary.badInput++;
      await tools.writeLine(JSON.stringify(outcome));
      tools.onCase?.(summary.cases);
    }
  } finally {
    lines.close();
    await handle.close();
  }
  return summary;
}

/** The output line of one case: the result's fields, or why the case could not be read. */
export async function batchLine(
  line: string,
  lineNumber: number,
  batchFile: string,
  defaults: CliOptions,
  tools: Pick<BatchTools, 'catalogue' | 'explainer'>,
): Promise<Record<string, unknown>> {
  const bad = (message: string) => ({ ok: false, kind: 'bad_input', message: `line ${lineNumber}: ${message}` });
  let html: string;
  let settings;
  let pageUrl: string;
  try {
    const batchCase = parseBatchCase(line.replace(/^\uFEFF/, ''), lineNumber, batchFile, defaults);
    settings = settingsFor(batchCase.request, tools.catalogue);
    pageUrl = batchCase.request.pageUrl;
    if ('html' in batchCase.page) html = batchCase.page.html;
    else {
      const file = batchCase.page.file;
      try {
        html = await readFile(file, 'utf8');
      } catch (error) {
        return bad(cannotRead(file, error));
      }
    }
  } catch (error) {
    if (error instanceof SettingsError) return bad(error.message);
    throw error;
  }
  try {
    const report = await (tools.explainer ?? explainHere).explain(html, pageUrl, settings.config);
    return resultFields(report.result);
  } catch (error) {
    return { ok: false, kind: 'parse_error', message: `line ${lineNumber}: the page reader failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}
