import type { ExtractionResult, PriceCandidate, SourceDecision, SourceReport } from '../extraction/types.js';
import { ASSUMED_CURRENCY, type ReadingSettings } from './extraction-settings.js';
import type { InputReading } from './input-reading.js';

const PAGE_KINDS = { product: 'a product page', search_results: 'a search results page', blocked: 'a robot check (blocked)' } as const;

/** The reading of one input for a person: settings, every source's candidates and decision, notes, the answer. */
export function humanReport(reading: InputReading): string {
  const lines = [`== ${reading.input}`];
  if (!reading.read) {
    lines.push(`not read: ${reading.kind} — ${reading.message}`);
    return lines.join('\n');
  }
  const { report } = reading;
  if (reading.followedFrom !== undefined) lines.push(`followed: the search results page ${reading.followedFrom} names one result`);
  lines.push(`page:     ${reading.pageUrl} (${PAGE_KINDS[report.page] ?? report.page})`);
  lines.push(`settings: ${settingsLine(reading.settings)}`);
  if (reading.settings.currencyAssumed) {
    lines.push('          (no store recipe and no --currency: the currency is taken from the page\'s currency fields or country domain;');
    lines.push(`          when neither tells, a price shown without its currency or only with "$" is refused; ${ASSUMED_CURRENCY} is a placeholder)`);
  }
  if (report.sources.length === 0) lines.push('sources:  the page reader reported none');
  for (const source of report.sources) lines.push(...sourceLines(source));
  if (report.notes.length > 0) lines.push('notes:', ...report.notes.map((note) => `  - ${note}`));
  lines.push(...resultLines(report.result));
  return lines.join('\n');
}

function settingsLine(settings: ReadingSettings): string {
  const { config, recipe } = settings;
  const parts = [
    recipe ? `store ${recipe.key} (${recipe.name})` : 'no store recipe',
    `currency ${config.defaultCurrency}${settings.currencyAssumed ? ' (assumed)' : ''}`,
    `isbn ${config.isbn13 ?? 'none'}`,
    ...(config.gtin !== undefined ? [`gtin ${config.gtin}`] : []),
    `offer choice ${config.offerChoice ?? 'none (refuse to guess)'}`,
  ];
  if (config.trustSource !== undefined) parts.push(`trust ${config.trustSource}`);
  const selectors = Object.entries(config.selectors ?? {}).filter(([, css]) => css !== undefined);
  if (selectors.length > 0) parts.push(`selectors ${selectors.map(([name, css]) => `${name}=${JSON.stringify(css)}`).join(' ')}`);
  if (config.searchPage !== undefined) parts.push(`search page${config.searchPage.resultLink ? ` (result link ${JSON.stringify(config.searchPage.resultLink)})` : ''}`);
  return parts.join(' · ');
}

function sourceLines(source: SourceReport): string[] {
  const lines = [`source ${source.source}: ${decisionText(source.decision)}`];
  if (source.candidates.length === 0) lines.push('  no candidates');
  for (const candidate of source.candidates) lines.push(`  - ${candidateText(candidate)}`);
  for (const problem of source.problems) lines.push(`  ! ${problem}`);
  return lines;
}

function decisionText(decision: SourceDecision): string {
  switch (decision.kind) {
    case 'price':
      return `price ${decision.amount} ${decision.currency}, ${decision.availability}`;
    case 'ambiguous':
      return `ambiguous — ${decision.message}`;
    case 'none':
      return `nothing — ${decision.message}`;
  }
}

export function candidateText(candidate: PriceCandidate): string {
  const flags: string[] = [candidate.condition];
  if (candidate.item !== undefined) flags.push(`item ${candidate.item}`);
  if (candidate.listed) flags.push('listed');
  if (candidate.editionMatch === true) flags.push('edition match');
  if (candidate.editionMatch === false) flags.push('other edition');
  if (candidate.pageMatch) flags.push('this page');
  if (candidate.elsewhere) flags.push('names another page');
  if (candidate.currencyAssumed) flags.push('currency assumed');
  return `${candidate.amount} ${candidate.currency} ${candidate.availability} [${flags.join(', ')}]`;
}

function resultLines(result: ExtractionResult): string[] {
  if (result.ok) {
    return [`decided:  by ${result.source}`, `result:   ${result.amount} ${result.currency} ${result.availability} (${result.source})`];
  }
  const lines = [`refused:  ${result.kind} — ${result.message}`];
  if (result.follow !== undefined) lines.push(`follow:   ${result.follow} (the one result; a file is not followed)`);
  lines.push(`result:   ${result.kind}`);
  return lines;
}
