/*
 * Demonstration reference rates in the European Central Bank's shape (eurofxref-daily.xml, eurofxref-hist-90d.xml):
 * every working day up to today, deterministic (the same day always has the same rates), so prices convert in
 * development and in tests without the internet.
 */

/** Units per euro around late 2026, the ECB's list of currencies (Bulgaria's lev left it for the euro in 2026). */
const BASE_RATES: Readonly<Record<string, number>> = {
  USD: 1.0542, JPY: 161.23, CZK: 25.112, DKK: 7.4598, GBP: 0.83695, HUF: 410.35, PLN: 4.2675,
  RON: 4.9763, SEK: 11.385, CHF: 0.931, ISK: 145.9, NOK: 11.655, TRY: 36.48, AUD: 1.6187, BRL: 6.1932,
  CAD: 1.4755, CNY: 7.6431, HKD: 8.2059, IDR: 16742.5, ILS: 3.9128, INR: 89.0395, KRW: 1473.38, MXN: 21.4907,
  MYR: 4.7081, NZD: 1.7913, PHP: 61.978, SGD: 1.4165, THB: 36.424, ZAR: 19.0638,
};

const HISTORY_DAYS = 90;

export function demoRatesXml(publication: 'latest' | 'history', today: Date): string {
  const days = workingDaysUpTo(today, publication === 'latest' ? 1 : HISTORY_DAYS);
  const cubes = days.map((day) => {
    const rates = Object.entries(BASE_RATES).map(([currency, base]) => `\t\t\t<Cube currency='${currency}' rate='${rateOn(day, currency, base)}'/>`);
    return `\t\t<Cube time='${day}'>\n${rates.join('\n')}\n\t\t</Cube>`;
  });
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">`,
    `\t<gesmes:subject>Reference rates</gesmes:subject>`,
    `\t<gesmes:Sender>\n\t\t<gesmes:name>Shelfwatch demonstration rates (not the European Central Bank)</gesmes:name>\n\t</gesmes:Sender>`,
    `\t<Cube>`,
    ...cubes,
    `\t</Cube>`,
    `</gesmes:Envelope>`,
  ].join('\n');
}

/** The newest first, as the ECB lists them: `count` working days ending today (or the last working day before). */
function workingDaysUpTo(today: Date, count: number): string[] {
  const days: string[] = [];
  const cursor = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  while (days.length < count) {
    const weekday = cursor.getUTCDay();
    if (weekday !== 0 && weekday !== 6) days.push(cursor.toISOString().slice(0, 10));
    cursor.setUTCDate(cursor.getUTCDate() - 1);
  }
  return days;
}

/** Within ±1 % of the base, drifting with the day: deterministic, five significant digits as the ECB publishes. */
function rateOn(day: string, currency: string, base: number): string {
  let hash = 2166136261;
  for (const char of `${day}:${currency}`) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  const rate = base * (1 + ((hash % 2001) - 1000) / 100_000);
  return rate.toPrecision(5);
}
