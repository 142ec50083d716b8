import type { ReferenceRateDay } from '../../domain/pricing/exchange-rates.js';

/*
 * The European Central Bank's euro foreign exchange reference rates (eurofxref-daily.xml, eurofxref-hist-90d.xml):
 *
 *   <gesmes:Envelope …><Cube><Cube time="2026-11-27"><Cube currency="USD" rate="1.0542"/>…</Cube></Cube></gesmes:Envelope>
 *
 * Read strictly: a document that is not this shape is refused whole, never read in part. The values are checked by
 * the domain (validateRateDays) before anything is stored.
 */

export class RatesDocumentError extends Error {
  override readonly name = 'RatesDocumentError';
}

const DAY_CUBE = /<Cube\s+time\s*=\s*["']([^"']*)["']\s*>([\s\S]*?)<\/Cube>/g;
const RATE_CUBE = /<Cube\b([^>]*?)\/?>/g;
const ATTRIBUTE = /([A-Za-z_][\w.-]*)\s*=\s*["']([^"']*)["']/g;

export function readEcbRates(xml: string): ReferenceRateDay[] {
  if (!/<gesmes:Envelope\b/.test(xml) || !/<\/gesmes:Envelope>\s*$/.test(xml.trim())) {
    throw new RatesDocumentError('not an ECB reference rates envelope (or cut short)');
  }
  const days: ReferenceRateDay[] = [];
  const seen = new Set<string>();
  for (const [, day, body] of xml.matchAll(DAY_CUBE)) {
    if (seen.has(day!)) throw new RatesDocumentError(`the day ${day} is listed twice`);
    seen.add(day!);
    days.push({ day: day!, perEuro: ratesOf(day!, body!) });
  }
  if (days.length === 0) throw new RatesDocumentError('the document lists no day');
  return days;
}

function ratesOf(day: string, body: string): Map<string, string> {
  const rates = new Map<string, string>();
  for (const [, attributeText] of body.matchAll(RATE_CUBE)) {
    const attributes = new Map([...attributeText!.matchAll(ATTRIBUTE)].map(([, name, value]) => [name!, value!.trim()]));
    const currency = attributes.get('currency');
    const rate = attributes.get('rate');
    if (currency === undefined || rate === undefined) throw new RatesDocumentError(`a rate on ${day} without currency or rate`);
    if (rates.has(currency)) throw new RatesDocumentError(`${currency} is listed twice on ${day}`);
    rates.set(currency, rate);
  }
  return rates;
}
