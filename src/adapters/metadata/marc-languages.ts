// Open Library names languages by MARC code (`/languages/eng`); Shelfwatch by ISO 639-1. The common ones, with
// MARC's own codes where they differ from ISO 639-2/B (scc, scr, fri, tag); an unlisted language reads as unknown.
const MARC_TO_ISO_639_1: Readonly<Record<string, string>> = {
  afr: 'af', alb: 'sq', ara: 'ar', arm: 'hy', baq: 'eu', ben: 'bn', bos: 'bs', bul: 'bg', cat: 'ca', chi: 'zh',
  cze: 'cs', dan: 'da', dut: 'nl', eng: 'en', epo: 'eo', est: 'et', fin: 'fi', fre: 'fr', fri: 'fy', fry: 'fy',
  geo: 'ka', ger: 'de', gle: 'ga', glg: 'gl', gre: 'el', guj: 'gu', heb: 'he', hin: 'hi', hrv: 'hr', hun: 'hu',
  ice: 'is', ind: 'id', ita: 'it', jpn: 'ja', kan: 'kn', kor: 'ko', lat: 'la', lav: 'lv', lit: 'lt', ltz: 'lb',
  mac: 'mk', mal: 'ml', mar: 'mr', may: 'ms', nno: 'nn', nob: 'nb', nor: 'no', pan: 'pa', per: 'fa', pol: 'pl',
  por: 'pt', rum: 'ro', rus: 'ru', scc: 'sr', scr: 'hr', slo: 'sk', slv: 'sl', spa: 'es', srp: 'sr', swa: 'sw',
  swe: 'sv', tag: 'tl', tam: 'ta', tel: 'te', tgl: 'tl', tha: 'th', tur: 'tr', ukr: 'uk', urd: 'ur', vie: 'vi',
  wel: 'cy', yid: 'yi',
};

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
