import { EVIDENCE_MAX_CHARS } from '../../../domain/pricing/price-observation.js';
import type { ExtractionReport, PriceCandidate, SourceReport } from './types.js';
/** What one source read, at most (a page's text can be anything). */
const READ_MAX_CHARS = 60;
const MORE = '…';

type PricedDecision = Extract<SourceReport['decision'], { kind: 'price' }>;

/**
 * Why a page's answer is what it is, in one short line built from the reading's report: the deciding source first
 * with what it read, then every other source that priced the main item — `agrees` when it has the same price,
 * `set aside` when it was not compared (another currency, a page-wide witness on a page of several editions):
 *
 *     json-ld "12.99" EUR; visible "12,99 €" agrees
 *     json-ld 12.99 EUR (trusted); meta 10.92 EUR set aside
 *
 * A refusal lists what each source saw (`json-ld 12.99 EUR; microdata 14.99 EUR`, `json-ld ambiguous`), or is
 * null when no source saw anything. Segments are separated by "; " (never inside one: a read text's ";" becomes
 * ","), each starts with the source's name, and whole segments are dropped past EVIDENCE_MAX_CHARS (ending "…"),
 * so the web client can put it in plain words. Nothing here comes from the request or the user: only the page.
 */
export function evidenceOf(report: ExtractionReport): string | null {
  const result = report.result;
  if (!result.ok) {
    const seen = report.sources.flatMap((source) => {
      const decision = source.decision;
      if (decision.kind === 'price') return [`${source.source} ${readOf(source, decision)} ${decision.currency}`];
      if (decision.kind === 'ambiguous') return [`${source.source} ambiguous`];
      return [];
    });
    return seen.length === 0 ? null : capped(seen);
  }
  const winner = report.sources.find((source) => source.source === result.source);
  const decided = winner?.decision.kind === 'price' ? winner.decision : null;
  const trusted = report.notes.includes(`the store trusts ${result.source}`);
  const first = `${result.source} ${winner && decided ? readOf(winner, decided) : result.amount} ${result.currency}${trusted ? ' (trusted)' : ''}`;
  const others = report.sources.flatMap((source) => {
    const decision = source.decision;
    if (source.source === result.source || decision.kind !== 'price') return [];
    const same = Number(decision.amount) === Number(result.amount) && (decision.currency === result.currency || decision.currencyAssumed === true);
    return [same ? `${source.source} ${readOf(source, decision)} agrees` : `${source.source} ${decision.amount} ${decision.currency} set aside`];
  });
  return capped([first, ...others]);
}

/** The text a source read for its decided price, quoted as the page wrote it; its amount when it kept none. */
function readOf(source: SourceReport, decision: PricedDecision): string {
  const candidate = source.candidates.find((c: PriceCandidate) => c.amount === decision.amount && c.read !== undefined && c.read.trim() !== '');
  if (candidate?.read === undefined) return decision.amount;
  // Control characters and line breaks become spaces (\p{Cc}), and ";" separates segments, so it becomes ",".
  const flat = candidate.read.replace(/\p{Cc}+/gu, ' ').replace(/;/g, ',').replace(/\s+/g, ' ').trim();
  return flat.length <= READ_MAX_CHARS ? flat : `${flat.slice(0, READ_MAX_CHARS - 1)}${MORE}`;
}

function capped(segments: readonly string[]): string {
  const ending = `; ${MORE}`;
  let line = '';
  for (const [index, segment] of segments.entries()) {
    const next = line === '' ? segment : `${line}; ${segment}`;
    const last = index === segments.length - 1;
    // Room is kept for the ending while more segments follow.
    if (next.length <= (last ? EVIDENCE_MAX_CHARS : EVIDENCE_MAX_CHARS - ending.length)) {
      line = next;
      continue;
    }
    if (line === '') return `${segment.slice(0, EVIDENCE_MAX_CHARS - 1)}${MORE}`;
    return `${line}${ending}`;
  }
  return line;
}
