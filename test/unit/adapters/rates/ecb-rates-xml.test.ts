import { describe, expect, it } from 'vitest';
import { RatesDocumentError, readEcbRates } from '../../../../src/adapters/rates/ecb-rates-xml.js';
import { demoRatesXml } from '../../../../src/adapters/demo/rates/demo-exchange-rates.js';
import { validateRateDays } from '../../../../src/domain/pricing/exchange-rates.js';

// The shape of the ECB's eurofxref-daily.xml (values made up here).
const DAILY = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
	<gesmes:subject>Reference rates</gesmes:subject>
	<gesmes:Sender>
		<gesmes:name>European Central Bank</gesmes:name>
	</gesmes:Sender>
	<Cube>
		<Cube time="2026-11-27">
			<Cube currency="USD" rate="1.0542"/>
			<Cube currency="JPY" rate="161.23"/>
			<Cube rate="0.83695" currency="GBP" />
		</Cube>
	</Cube>
</gesmes:Envelope>
`;

describe('reading the ECB reference rates', () => {
  it('reads each day with its rates per euro, whatever the attribute order', () => {
    const [day, ...more] = readEcbRates(DAILY);
    expect(more).toEqual([]);
    expect(day?.day).toBe('2026-11-27');
    expect([...day!.perEuro]).toEqual([['USD', '1.0542'], ['JPY', '161.23'], ['GBP', '0.83695']]);
  });

  it('reads the history file, newest first, day by day', () => {
    const history = DAILY.replace('</Cube>\n\t</Cube>', '</Cube>\n\t\t<Cube time="2026-11-26"><Cube currency="USD" rate="1.0511"/></Cube>\n\t</Cube>');
    expect(readEcbRates(history).map(({ day, perEuro }) => [day, perEuro.get('USD')])).toEqual([['2026-11-27', '1.0542'], ['2026-11-26', '1.0511']]);
  });

  it.each([
    ['an HTML error page', '<html><body>Service unavailable</body></html>'],
    ['a document cut short', DAILY.slice(0, DAILY.indexOf('JPY'))],
    ['an envelope with no day', DAILY.replace(/<Cube time[\s\S]*?<\/Cube>/, '')],
    ['a rate without its currency', DAILY.replace('currency="JPY" ', '')],
    ['a currency twice on a day', DAILY.replace('JPY', 'USD')],
    ['a day twice', DAILY.replace('</Cube>\n\t</Cube>', '</Cube>\n\t\t<Cube time="2026-11-27"><Cube currency="USD" rate="1"/></Cube>\n\t</Cube>')],
  ])('refuses %s whole', (_what, xml) => {
    expect(() => readEcbRates(xml)).toThrow(RatesDocumentError);
  });

  it('leaves the values to the domain: a negative rate reads, then fails validation', () => {
    const days = readEcbRates(DAILY.replace('161.23', '-161.23'));
    expect(() => validateRateDays(days)).toThrow(/JPY/);
  });

  it('reads the demonstration publication as valid rates: 90 working days, newest first', () => {
    const days = readEcbRates(demoRatesXml('history', new Date('2026-11-29T12:00:00Z')));
    expect(days).toHaveLength(90);
    expect(days[0]?.day).toBe('2026-11-27'); // a Sunday: Friday's are the newest
    expect(days.every(({ day }) => ![0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay()))).toBe(true);
    expect(() => validateRateDays(days)).not.toThrow();
    expect(readEcbRates(demoRatesXml('latest', new Date('2026-11-29T12:00:00Z')))).toEqual([days[0]]);
  });
});
