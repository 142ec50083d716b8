import { describe, expect, it } from 'vitest';
import { parseCliArgs, USAGE, UsageError } from '../../../../../src/adapters/stores/cli/cli-options.js';

function usageErrorOf(argv: string[]): string {
  try {
    parseCliArgs(argv);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error(`${argv.join(' ')} was accepted`);
}

describe('parseCliArgs', () => {
  it('reads every option, in both --name value and --name=value forms, and keeps inputs in order', () => {
    const options = parseCliArgs([
      '--url=https://store.example/book/1',
      'a.html',
      '--store',
      'thalia-de',
      '--currency',
      'gbp',
      '--isbn',
      '3-596-29431-2',
      '--selector-price',
      '.price@data-value',
      '--selector-currency=.cur',
      '--selector-availability',
      '.stock',
      '--offer-choice',
      'lowest',
      '--trust',
      'microdata',
      '--json',
      'https://store.example/b',
    ]);
    expect(options).toEqual({
      inputs: ['a.html', 'https://store.example/b'],
      url: 'https://store.example/book/1',
      store: 'thalia-de',
      currency: 'GBP',
      isbn13: '9783596294312',
      selectors: { price: '.price@data-value', currency: '.cur', availability: '.stock' },
      offerChoice: 'lowest',
      trust: 'microdata',
      json: true,
      help: false,
      listStores: false,
    });
  });

  it('converts an ISBN-10 with hyphens to the ISBN-13 and keeps an ISBN-13 as it is', () => {
    expect(parseCliArgs(['--isbn', '0-306-40615-2', 'a.html']).isbn13).toBe('9780306406157');
    expect(parseCliArgs(['--isbn', '978-0-306-40615-7', 'a.html']).isbn13).toBe('9780306406157');
  });

  it('takes --gtin (EAN-13, UPC-A, GTIN-14 or GTIN-8) in its canonical form, alone or beside --isbn', () => {
    expect(parseCliArgs(['--gtin', '0 36000 29145-2', 'a.html'])).toMatchObject({ gtin: '0036000291452' });
    expect(parseCliArgs(['--gtin=00036000291452', 'a.html']).gtin).toBe('0036000291452');
    expect(parseCliArgs(['--gtin', '96385074', 'a.html']).gtin).toBe('0000096385074');
    expect(parseCliArgs(['--isbn', '0-306-40615-2', '--gtin', '036000291452', 'a.html'])).toMatchObject({ isbn13: '9780306406157', gtin: '0036000291452' });
    // A Bookland EAN is the ISBN: alone it becomes --isbn, beside the same ISBN it adds nothing.
    const bookland = parseCliArgs(['--gtin', '9780306406157', 'a.html']);
    expect(bookland).toMatchObject({ isbn13: '9780306406157' });
    expect(bookland.gtin).toBeUndefined();
    expect(parseCliArgs(['--isbn', '0306406152', '--gtin', '09780306406157', 'a.html']).gtin).toBeUndefined();
  });

  it('documents --gtin in --help', () => {
    expect(USAGE).toMatch(/--gtin GTIN +the edition's barcode: EAN-13, UPC-A, GTIN-14 or GTIN-8/);
  });

  it('takes everything after -- as inputs, even names that look like options', () => {
    expect(parseCliArgs(['--json', '--', '--odd-name.html']).inputs).toEqual(['--odd-name.html']);
  });

  it('asks for no input with --help or --list-stores', () => {
    expect(parseCliArgs(['--help']).help).toBe(true);
    expect(parseCliArgs(['-h']).help).toBe(true);
    expect(parseCliArgs(['--list-stores', '--stores-file', 'ops.json'])).toMatchObject({ listStores: true, storesFile: 'ops.json' });
  });

  it('takes --batch instead of inputs', () => {
    expect(parseCliArgs(['--batch', 'cases.jsonl', '--currency', 'EUR'])).toMatchObject({ batch: 'cases.jsonl', inputs: [], currency: 'EUR' });
    expect(usageErrorOf(['--batch', 'cases.jsonl', 'page.html'])).toMatch(/give no other inputs/);
  });

  it.each([
    [[], /at least one FILE or URL/],
    [['--frobnicate', 'a.html'], /unknown option --frobnicate/],
    [['a.html', '--store'], /--store needs a value/],
    [['--json=yes', 'a.html'], /--json takes no value/],
    [['--store', 'a', '--store', 'b', 'a.html'], /--store is given twice/],
    [['--isbn', '978-3-596-29431-0', 'a.html'], /--isbn "978-3-596-29431-0" is not a valid ISBN/],
    [['--isbn', '12345', 'a.html'], /not a valid ISBN/],
    [['--gtin', '036000291453', 'a.html'], /--gtin "036000291453" is not a valid GTIN \(EAN-13, UPC-A, GTIN-14 or GTIN-8\): the check digit is wrong/],
    [['--gtin', '12345', 'a.html'], /--gtin "12345" is not a valid GTIN .*expected 8, 12, 13 or 14 digits/],
    [['--isbn', '9780306406157', '--gtin', '9780141439518', 'a.html'], /--gtin "9780141439518" starts 978 or 979, so it is an ISBN-13: it must be --isbn's \(9780306406157\)/],
    [['--currency', 'EURO', 'a.html'], /--currency "EURO" is not an ISO 4217/],
    [['--offer-choice', 'cheapest', 'a.html'], /--offer-choice must be first or lowest/],
    [['--trust', 'ld', 'a.html'], /--trust must be one of json-ld, microdata/],
    [['--url', 'store.example/book', 'a.html'], /--url "store.example\/book" is not an absolute URL/],
    [['--url', 'ftp://store.example/book', 'a.html'], /must be an http or https URL/],
    [['--selector-price', 'div[[', 'a.html'], /--selector-price is not a valid CSS selector/],
  ])('refuses %j', (argv, message) => {
    expect(usageErrorOf(argv as string[])).toMatch(message);
  });
});
