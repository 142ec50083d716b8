import { decide, type Decision } from './choose-price.js';
import type { ExtractionConfig, ExtractionResult, ExtractionSource, SourceDecision, SourceOutcome } from './types.js';

/** One source of a page as it was read, and what was decided from its candidates alone. */
export interface SourceRun {
  source: ExtractionSource;
  outcome: SourceOutcome;
  verdict: Decision;
}

type Priced = SourceRun & { verdict: { decision: Extract<SourceDecision, { kind: 'price' }> } };

const isPriced = (run: SourceRun): run is Priced => run.verdict.decision.kind === 'price';
const keyOf = (run: Priced): string => `${run.verdict.decision.amount} ${run.verdict.decision.currency}`;
/** Same price; a source that wrote no currency (the store's was assumed) agrees with any currency for the same amount. */
function agrees(a: Priced, b: Priced): boolean {
  const x = a.verdict.decision;
  const y = b.verdict.decision;
  if (x.currencyAssumed === true || y.currencyAssumed === true) return Number(x.amount) === Number(y.amount);
  return x.amount === y.amount && x.currency === y.currency;
}
const STRUCTURED: ReadonlySet<ExtractionSource> = new Set(['json-ld', 'microdata', 'meta']);
const PAGE_WIDE: ReadonlySet<ExtractionSource> = new Set(['meta', 'visible', 'platform']);
/** Page-wide product meta, often without VAT or for another variant: it may confirm a price, not decide against doubt. */
const WEAK: ReadonlySet<ExtractionSource> = new Set(['meta']);

/**
 * Weighs what each source decided for the main item:
 * - a source the store's settings trust (`trustSource`) decides when it has a price;
 * - the store's CSS selectors win over structured data that is ambiguous or absent, but a clear structured price that
 *   differs from them makes the answer ambiguous (stale microdata, a price without VAT);
 * - otherwise every source with a price must agree (the visible price block of the main item is one more witness);
 *   an ambiguous structured source makes the page ambiguous; the visible block being unclear does not;
 * - a page whose item names another edition is `not_found`, whatever else it shows;
 * - a price some source saw for the main item but could not read is a witness: one source alone no longer decides,
 *   two must agree; product meta alone never decides against another source's different prices.
 */
export function combineSources(
  sourceRuns: readonly SourceRun[],
  config: ExtractionConfig,
  notes: string[],
  currency: { code: string; unsure: boolean },
): ExtractionResult {
  const runs = withUnread(sourceRuns, config, currency.code);
  const result = weigh(runs, config, notes, currency.unsure ? null : currency.code);
  const currencyUnsure = currency.unsure;
  if (result.ok && currencyUnsure && !currencyWritten(runs, result)) {
    return {
      ok: false,
      kind: 'no_price',
      message: `${result.amount} was read, but neither the page nor a store says its currency (a bare number, or a sign such as "$" that several currencies use): give the currency or the store`,
    };
  }
  return result;
}

/** Some source with the winning amount wrote its currency. */
function currencyWritten(runs: readonly SourceRun[], result: Extract<ExtractionResult, { ok: true }>): boolean {
  return runs
    .filter(isPriced)
    .some((run) => run.verdict.decision.currencyAssumed !== true && Number(run.verdict.decision.amount) === Number(result.amount));
}

function weigh(runs: readonly SourceRun[], config: ExtractionConfig, notes: string[], storeCurrency: string | null): ExtractionResult {
  const found = (source: ExtractionSource): SourceRun | undefined => runs.find((run) => run.source === source);
  const editionFound = runs.some((run) => run.outcome.candidates.some((c) => c.editionMatch === true));
  const other = runs.find((run) => run.verdict.otherEdition === true && run.source !== 'visible');
  if (other !== undefined && !editionFound) {
    return { ok: false, kind: 'not_found', message: `${other.source}: ${other.verdict.decision.kind === 'none' ? other.verdict.decision.message : ''}, so the page is about another edition` };
  }

  const trusted = config.trustSource === undefined ? undefined : found(config.trustSource);
  if (trusted !== undefined && isPriced(trusted)) {
    notes.push(`the store trusts ${trusted.source}`);
    return priceOf(trusted, runs);
  }

  const selectors = found('selectors');
  const structured = runs.filter((run) => STRUCTURED.has(run.source));
  if (selectors !== undefined && isPriced(selectors)) {
    const differing = structured.filter(isPriced).filter((run) => !agrees(run, selectors));
    if (differing.length > 0) return disagreement([selectors, ...differing]);
    notes.push('the store\'s selectors decide');
    return priceOf(selectors, runs);
  }
  if (selectors?.verdict.decision.kind === 'ambiguous') {
    // The store's own selector matched several prices: a clear structured price among them settles it.
    const clear = structured.filter(isPriced);
    const keys = new Set(clear.map(keyOf));
    const among = selectors.outcome.candidates.some((c) => keys.has(`${c.amount} ${c.currency}`));
    if (keys.size !== 1 || !among) return { ok: false, kind: 'ambiguous_price', message: `selectors: ${selectors.verdict.decision.message}` };
    notes.push('the store\'s selectors matched several prices; structured data names one of them');
  }

  const ambiguous = structured.find((run) => run.verdict.decision.kind === 'ambiguous');
  if (ambiguous !== undefined && ambiguous.verdict.decision.kind === 'ambiguous') {
    return { ok: false, kind: 'ambiguous_price', message: `${ambiguous.source}: ${ambiguous.verdict.decision.message}` };
  }

  // On a page of several editions, the ISBN picked the edition's offer; page-wide witnesses (product meta, the
  // visible block) show whichever edition the page opens with, so they are not compared.
  const severalEditions = editionFound && runs.some((run) => run.outcome.candidates.some((c) => c.editionMatch === false));
  const priced = inStoreCurrency(
    runs.filter(isPriced).filter((run) => !(severalEditions && PAGE_WIDE.has(run.source))),
    storeCurrency,
    notes,
  );
  const first = priced[0];
  if (first === undefined) return nothingFound(runs);
  const differing = priced.filter((run) => !agrees(run, first));
  if (differing.length > 0) return disagreement(priced);
  const doubt = doubtAgainstOne(priced, runs.filter((run) => !(severalEditions && PAGE_WIDE.has(run.source))));
  if (doubt !== null) return doubt;
  // A shop platform's price block that shows the main item's options at different prices, without saying which is
  // shown, doubts any price it does not list: the page's price is the shown option's (issue 26 §3).
  const options = severalEditions ? undefined : runs.find((run) => run.source === 'platform' && run.verdict.decision.kind === 'ambiguous');
  if (options !== undefined && !(options.verdict.amounts ?? []).some((seen) => Number(seen) === Number(first.verdict.decision.amount))) {
    return { ok: false, kind: 'ambiguous_price', message: `platform: ${options.verdict.decision.kind === 'ambiguous' ? options.verdict.decision.message : ''}` };
  }
  if (priced.length > 1) notes.push(`${priced.map((run) => run.source).join(', ')} agree`);
  // A price whose currency the page wrote beats one where the store's currency was assumed.
  return priceOf(priced.find((run) => run.verdict.decision.currencyAssumed !== true) ?? first, runs);
}

/**
 * The verdicts with the prices each source could not read taken into account (the main item they belong to, and the
 * texts kept as witnesses). A verdict already made with them comes out the same.
 */
function withUnread(runs: readonly SourceRun[], config: ExtractionConfig, currency: string): SourceRun[] {
  return runs.map((run) => {
    const unread = run.outcome.unread ?? [];
    if (unread.length === 0 || run.verdict.unread !== undefined) return run;
    return { ...run, verdict: decide(run.outcome.candidates, config, currency, unread) };
  });
}

/**
 * One source's price, with nothing to confirm it, against doubt: a price-like value of the main item that some source
 * could not read (sale and list price in one element, digits run together), or — for product meta, a weak witness —
 * another source that saw only other prices for the main item. Two agreeing sources are needed then.
 */
function doubtAgainstOne(priced: readonly Priced[], runs: readonly SourceRun[]): ExtractionResult | null {
  const alone = priced.length === 1 ? priced[0] : undefined;
  if (alone === undefined) return null;
  const unread = runs.find((run) => (run.verdict.unread?.length ?? 0) > 0);
  if (unread !== undefined) {
    const text = JSON.stringify(unread.verdict.unread?.[0]);
    const besides = unread === alone ? `beside its ${keyOf(alone)}` : `while ${alone.source} alone says ${keyOf(alone)}`;
    return {
      ok: false,
      kind: 'ambiguous_price',
      message: `${unread.source} saw a price of the main item it could not read (${text}) ${besides}: one source alone does not decide`,
    };
  }
  if (!WEAK.has(alone.source)) return null;
  const amount = Number(alone.verdict.decision.amount);
  const other = runs.find(
    (run) => run !== alone && run.verdict.decision.kind === 'ambiguous' && !(run.verdict.amounts ?? []).some((seen) => Number(seen) === amount),
  );
  if (other === undefined) return null;
  return {
    ok: false,
    kind: 'ambiguous_price',
    message: `${alone.source} alone says ${keyOf(alone)}, but ${other.source} saw other prices for the main item (${(other.verdict.amounts ?? []).join(', ')})`,
  };
}

/**
 * When some sources give the price in the store's currency, a source that gives it in another (a price converted
 * for the visitor, as some shops put in their meta tags) is not the store's price and is not compared.
 */
function inStoreCurrency(priced: Priced[], storeCurrency: string | null, notes: string[]): Priced[] {
  if (storeCurrency === null) return priced;
  const written = (run: Priced): boolean => run.verdict.decision.currencyAssumed !== true;
  const foreign = priced.filter((run) => written(run) && run.verdict.decision.currency !== storeCurrency);
  const own = priced.filter((run) => written(run) && run.verdict.decision.currency === storeCurrency);
  if (foreign.length === 0 || own.length === 0) return priced;
  notes.push(`${foreign.map((run) => `${run.source} ${keyOf(run)}`).join(', ')}: another currency than the store's ${storeCurrency}, not compared`);
  return priced.filter((run) => !foreign.includes(run));
}

/** The winning source's price; an availability it does not know is taken from another source with the same price. */
function priceOf(winner: Priced, runs: readonly SourceRun[]): ExtractionResult {
  const { amount, currency } = winner.verdict.decision;
  let availability = winner.verdict.decision.availability;
  if (availability === 'unknown') {
    const witness = runs.filter(isPriced).find((run) => agrees(run, winner) && run.verdict.decision.availability !== 'unknown');
    if (witness !== undefined) availability = witness.verdict.decision.availability;
  }
  return { ok: true, amount, currency, availability, source: winner.source };
}

function disagreement(priced: readonly Priced[]): ExtractionResult {
  const said = priced.map((run) => `${run.source} ${keyOf(run)}`).join(', ');
  return { ok: false, kind: 'ambiguous_price', message: `the page's sources disagree on the price: ${said}` };
}

function nothingFound(runs: readonly SourceRun[]): ExtractionResult {
  // The visible block's notes (no block found) are not problems of the page.
  const problems = runs.filter((run) => run.source !== 'visible').flatMap((run) => run.outcome.problems.map((problem) => `${run.source}: ${problem}`));
  const listed = runs.find((run) => run.verdict.decision.kind === 'none' && run.verdict.decision.message.startsWith('prices only'));
  if (problems.length > 0) return { ok: false, kind: 'parse_error', message: problems.slice(0, 5).join('; ') };
  if (runs.some((run) => run.verdict.zeroOnly === true)) {
    return { ok: false, kind: 'no_price', message: 'the page shows only zero prices (placeholders)' };
  }
  if (listed !== undefined) return { ok: false, kind: 'no_price', message: 'prices only for items in lists of other products' };
  return { ok: false, kind: 'no_price', message: 'no price in JSON-LD, microdata, meta tags, configured selectors or a visible price block' };
}
