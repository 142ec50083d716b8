// Pure: a quote's evidence (the API's `evidence`: `json-ld "12.99" EUR; visible "12,99 €" agrees`) in words a reader
// understands — which part of the store's page the price was read from, and which other parts agree.

/** Each source of a page, as evidence segments start with its name. */
export const SOURCE_WORDS: Record<string, string> = {
  'json-ld': "the store's structured data",
  microdata: "the page's product markup",
  meta: "the page's price tags",
  selectors: 'the price element set up for this store',
  visible: "the page's visible price",
  platform: "the shop platform's price block",
};

const sourceOf = (segment: string): string => segment.split(' ', 1)[0] ?? '';
const wordsOf = (source: string): string => SOURCE_WORDS[source] ?? source;

function listed(parts: readonly string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/**
 * "Read from the store's structured data; the page's visible price agrees." — or null when the quote has no evidence
 * (monthly quotes, quotes stored before evidence was kept). A source this page does not know is named as sent.
 */
export function evidenceSentence(evidence: string | null | undefined): string | null {
  if (!evidence) return null;
  const segments = evidence.split('; ').filter((s) => s !== '…');
  const [first, ...rest] = segments;
  if (first === undefined) return null;
  const decided = wordsOf(sourceOf(first));
  const trusted = first.endsWith(' (trusted)') ? ", which this store's settings trust" : '';
  const agreeing = [...new Set(rest.filter((s) => s.endsWith(' agrees')).map((s) => wordsOf(sourceOf(s))))].filter((w) => w !== decided);
  const setAside = rest.some((s) => s.endsWith(' set aside'));
  let sentence = `Read from ${decided}${trusted}`;
  if (agreeing.length > 0) sentence += `; ${listed(agreeing)} ${agreeing.length === 1 ? 'agrees' : 'agree'}`;
  if (setAside) sentence += '; another price on the page was set aside';
  return `${sentence}.`;
}
