import { THREE_LETTER_CODES } from './iso-639-2-codes.js';

// Open Library names languages by MARC code (`/languages/eng`); Shelfwatch by ISO 639-1. MARC codes are ISO 639-2/B
// codes, but for a few of MARC's own (scc, scr, fri, tag); an unlisted language reads as unknown.
const MARC_ONLY: Readonly<Record<string, string>> = { scc: 'sr', scr: 'hr', fri: 'fy', tag: 'tl' };
const MARC_TO_ISO_639_1: Readonly<Record<string, string>> = { ...THREE_LETTER_CODES, ...MARC_ONLY };

/** The ISO 639-1 code of an Open Library language key (`/languages/eng` or `eng`); null when unlisted. */
export function languageCodeOfMarc(key: unknown): string | null {
  if (typeof key !== 'string') return null;
  const code = key.trim().toLowerCase().split('/').pop() ?? '';
  return MARC_TO_ISO_639_1[code] ?? null;
}

/** The MARC code of an ISO 639-1 code (the demonstration server answers in Open Library's terms). */
export function marcCodeOf(iso6391: string): string | null {
  for (const [marc, iso] of Object.entries(MARC_TO_ISO_639_1)) if (iso === iso6391) return marc;
  return null;
}
