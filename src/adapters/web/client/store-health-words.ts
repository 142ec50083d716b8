// Pure: a store's health in words a reader understands. One table from failure kind to a sentence and a short label,
// so every page says the same thing about the same failure.

export interface StoreHealth {
  store_id: number;
  since: string;
  attempts: number;
  prices: number;
  refusals: Record<string, number>;
  last_price_at: string | null;
  last_failure: { kind: string; message: string; at: string } | null;
}

export const FAILURE_WORDS: Record<string, { sentence: string; label: string }> = {
  blocked: { sentence: 'the store showed a robot check', label: 'robot check' },
  not_found: { sentence: 'the store had no page for the book', label: 'no page for the book' },
  no_price: { sentence: 'the page had no price', label: 'no price on the page' },
  ambiguous_price: { sentence: "the page showed several prices and none was clearly the book's", label: 'several prices' },
  parse_error: { sentence: 'the price on the page could not be read', label: 'unreadable price' },
  timeout: { sentence: 'the store did not answer in time', label: 'too slow to answer' },
  network_error: { sentence: 'the store could not be reached', label: 'unreachable' },
  http_error: { sentence: 'the store answered with an error', label: 'error page' },
  rate_limited: { sentence: 'the store asked us to slow down', label: 'asked to slow down' },
};

/** `blocked` → "the store showed a robot check"; a kind this UI does not know yet is named as the API sent it. */
export function failureSentence(kind: string): string {
  return FAILURE_WORDS[kind]?.sentence ?? `the fetch failed (${kind})`;
}

export function failureLabel(kind: string): string {
  return FAILURE_WORDS[kind]?.label ?? kind;
}

export type HealthVerdict = 'unused' | 'working' | 'some_failures' | 'failing';

/** Working: every fetch read a price; failing: none did; in between: some failures. Said in words, never by colour alone. */
export function verdictOf(health: Pick<StoreHealth, 'attempts' | 'prices'>): HealthVerdict {
  if (health.attempts === 0) return 'unused';
  if (health.prices === 0) return 'failing';
  return health.prices === health.attempts ? 'working' : 'some_failures';
}

export const VERDICT_WORDS: Record<HealthVerdict, string> = {
  unused: 'Not asked in the last 7 days',
  working: 'Working',
  some_failures: 'Some failures',
  failing: 'Failing',
};

/** "12 fetches: 10 prices read, 2 refused" (counts of the last 7 days). */
export function attemptsSummary(health: Pick<StoreHealth, 'attempts' | 'prices'>): string {
  const refused = health.attempts - health.prices;
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return `${plural(health.attempts, 'fetch', 'fetches')}: ${plural(health.prices, 'price', 'prices')} read, ${refused} refused`;
}

/** The refusals by kind, most frequent first, as "robot check: 3". */
export function refusalLines(refusals: Record<string, number>): string[] {
  return Object.entries(refusals)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([kind, count]) => `${failureLabel(kind)}: ${count}`);
}
