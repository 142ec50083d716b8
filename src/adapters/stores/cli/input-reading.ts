import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ExtractionReport } from '../extraction/types.js';
import type { PoliteHttpClient } from '../polite-http-client.js';
import { explainHere, readStorePage, type PageExplainer } from '../store-page-reader.js';
import type { CliOptions } from './cli-options.js';
import { settingsFor, type ReadingSettings, type RecipeCatalogue } from './extraction-settings.js';

/** One input of the command line: read (the engine's report, whatever it decided), or not read at all. */
export type InputReading =
  | { read: true; input: string; pageUrl: string; report: ExtractionReport; settings: ReadingSettings; followedFrom?: string }
  | { read: false; input: string; kind: string; message: string };

export interface ReadingTools {
  catalogue: RecipeCatalogue;
  /** Made on the first URL input, so reading files never builds an HTTP client. */
  http: () => PoliteHttpClient;
  explainer?: PageExplainer;
}

export function isUrlInput(input: string): boolean {
  return /^https?:\/\//i.test(input);
}

export async function readInput(input: string, options: CliOptions, tools: ReadingTools): Promise<InputReading> {
  return isUrlInput(input) ? readUrl(input, options, tools) : readPageFile(input, options, tools);
}

/** A saved page: no network; a `follow` answer is reported as it is. */
async function readPageFile(file: string, options: CliOptions, tools: ReadingTools): Promise<InputReading> {
  let html: string;
  try {
    html = await readFile(file, 'utf8');
  } catch (error) {
    return { read: false, input: file, kind: 'bad_input', message: cannotRead(file, error) };
  }
  const pageUrl = options.url ?? pathToFileURL(path.resolve(file)).href;
  const settings = settingsFor({ ...options, pageUrl }, tools.catalogue);
  const explainer = tools.explainer ?? explainHere;
  try {
    return { read: true, input: file, pageUrl, report: await explainer.explain(html, pageUrl, settings.config), settings };
  } catch (error) {
    return engineFailure(file, error);
  }
}

/** A live page, fetched as the daily fetch does (politely; a search page's single result followed once). */
async function readUrl(url: string, options: CliOptions, tools: ReadingTools): Promise<InputReading> {
  const settings = settingsFor({ ...options, pageUrl: url }, tools.catalogue);
  try {
    const reading = await readStorePage(tools.http(), settings.gateKey, url, settings.config, tools.explainer);
    if (!reading.ok) return { read: false, input: url, kind: reading.failure.kind, message: reading.failure.message };
    return {
      read: true,
      input: url,
      pageUrl: reading.url,
      report: reading.report,
      settings,
      ...(reading.followedFrom !== undefined ? { followedFrom: reading.followedFrom } : {}),
    };
  } catch (error) {
    return engineFailure(url, error);
  }
}

/** The engine threw instead of answering (a bug, or a setting it cannot use): the input was not read. */
function engineFailure(input: string, error: unknown): InputReading {
  return { read: false, input, kind: 'parse_error', message: `the page reader failed: ${reasonOf(error)}` };
}

/** "cannot read a.html: ENOENT: no such file or directory", without Node's repeat of the path. */
export function cannotRead(file: string, error: unknown): string {
  return `cannot read ${file}: ${reasonOf(error).replace(/, \w+ '.*'$/, '')}`;
}

function reasonOf(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  return typeof code === 'string' && !message.includes(code) ? `${code} ${message}` : message;
}
