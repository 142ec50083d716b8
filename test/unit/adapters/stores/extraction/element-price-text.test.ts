import { readFileSync } from 'node:fs';
import { load } from 'cheerio/slim';
import { parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { isFractionPart, PriceTextBuilder, readPriceText, wordsOf } from '../../../../../src/adapters/stores/extraction/element-price-text.js';
import { parsePriceText } from '../../../../../src/adapters/stores/extraction/price-text/price-text.js';

const fixture = (name: string): string => readFileSync(new URL(`../../../../fixtures/store-pages/${name}`, import.meta.url), 'utf8');

/** The element's text as the old readers took it (cheerio's text(): text nodes joined), and as it is read now. */
function readings(html: string, selector = '.price'): { flattened: string; read: string; split: boolean } {
  const $ = load(html);
  const element = $(selector).get(0);
  if (element === undefined) throw new Error(`no ${selector}`);
  const { text, split } = readPriceText(element);
  return { flattened: $(selector).first().text().replace(/\s+/g, ' ').trim(), read: text, split };
}

const amount = (text: string, currency: string): string | null => parsePriceText(text, { currency })?.amount ?? null;

describe('readPriceText: prices split across elements (fixtures split-*.html)', () => {
  it('18<sup>09</sup> €: was 1809.00, is 18.09', () => {
    const { flattened, read } = readings(fixture('split-sup-euro.html'));
    expect(amount(flattened, 'EUR')).toBe('1809.00');
    expect(read).toBe('18.09 €');
    expect(amount(read, 'EUR')).toBe('18.09');
  });

  it('18 <sup>09</sup>: was two numbers (no price), is 18.09', () => {
    const { flattened, read } = readings(fixture('split-sup-space.html'));
    expect(amount(flattened, 'EUR')).toBeNull();
    expect(read).toBe('18.09');
  });

  it('whole "119." and fraction "95" on two lines: was no price, is 119.95', () => {
    const { flattened, read } = readings(fixture('split-whole-fraction-newline.html'));
    expect(flattened).toBe('119. 95');
    // Since issue 26 §8 a separator cut from its two decimals by a space reads as one number, flattened or not.
    expect(amount(flattened, 'USD')).toBe('119.95');
    expect(amount(read, 'USD')).toBe('119.95');
  });

  it('pounds and pence in two spans on two lines: was £18, is £18.09', () => {
    const { flattened, read } = readings(fixture('split-cents-newline.html'));
    expect(amount(flattened, 'GBP')).toBe('18.00');
    expect(read).toBe('£18.09');
  });

  it('"1.234" and a superscript "56": was no price, is 1.234,56 (the decimal mark the grouping does not use)', () => {
    const { flattened, read } = readings(fixture('split-grouped-sup.html'));
    expect(amount(flattened, 'EUR')).toBeNull();
    expect(read).toBe('1.234,56 €');
    expect(amount(read, 'EUR')).toBe('1234.56');
  });

  it('Amazon\'s whole, decimal and fraction parts: 1,119.95 before and after', () => {
    const { flattened, read } = readings(fixture('split-amazon.html'));
    expect(amount(flattened, 'USD')).toBe('1119.95');
    expect(amount(read, 'USD')).toBe('1119.95');
  });

  it('two numbers in neighbouring elements that are no fraction: was 123, is split (no price)', () => {
    const { flattened, read, split } = readings(fixture('split-two-numbers.html'));
    expect(amount(flattened, 'EUR')).toBe('123.00');
    expect(read).toBe('12 | 3 €');
    expect(split).toBe(true);
  });
});

describe('PriceTextBuilder', () => {
  const build = (events: Array<string | ['open', string, Record<string, string>?] | 'close'>): PriceTextBuilder => {
    const builder = new PriceTextBuilder();
    for (const event of events) {
      if (event === 'close') builder.close();
      else if (typeof event === 'string') builder.add(event);
      else builder.open(event[1], event[2] ?? {});
    }
    return builder;
  };

  it('joins a fraction part of one or two digits, with or without whitespace around the boundary', () => {
    expect(build(['18', ['open', 'span', { class: 'cents' }], '09', 'close']).toString()).toBe('18.09');
    expect(build(['18 ', ['open', 'span', { class: 'price__fraction' }], '\n  ', ' 5', 'close']).toString()).toBe('18.5');
    expect(build(['1 234', ['open', 'sup'], '56', 'close']).toString()).toBe('1 234.56');
  });

  it('three fraction digits are refused: "18.090" would read as eighteen thousand', () => {
    for (const whole of ['18', '119.', '1,234']) {
      const builder = build([whole, ['open', 'sup'], '090', 'close']);
      expect(builder.toString()).toBe(`${whole} | 090`);
      expect(builder.split).toBe(true);
    }
  });

  it('a four-digit "fraction" is no fraction: a break', () => {
    const builder = build(['18', ['open', 'sup'], '0900', 'close']);
    expect(builder.toString()).toBe('18 | 0900');
    expect(builder.split).toBe(true);
  });

  it('whitespace between two numbers of different elements: a break, not digit grouping, and not split', () => {
    const builder = build([['open', 'span'], '1', 'close', ' ', ['open', 'span'], '234', 'close']);
    expect(builder.toString()).toBe('1 | 234');
    expect(builder.split).toBe(false);
    expect(parsePriceText(builder.toString(), { currency: 'EUR' })).toBeNull();
  });

  it('after "." or ",": joins; before a non-digit: as written', () => {
    expect(build(['119.', ['open', 'span'], ' 95', 'close']).toString()).toBe('119.95');
    expect(build(['18', ['open', 'span'], ',09', 'close', ' €']).toString()).toBe('18,09 €');
    expect(build([['open', 'span', { class: 'symbol' }], '€', 'close', '18']).toString()).toBe('€18');
    expect(build(['Price', ['open', 'b'], '18,09 €', 'close']).toString()).toBe('Price18,09 €');
  });

  it('text nodes without a boundary between them are one text', () => {
    expect(build(['18', '09']).toString()).toBe('1809');
  });

  it('stops at maxChars', () => {
    const builder = new PriceTextBuilder(10);
    builder.add('x'.repeat(8));
    builder.add('y'.repeat(8));
    builder.add('z');
    expect(builder.full).toBe(true);
    expect(builder.toString()).toBe('xxxxxxxxyy');
  });
});

describe('readPriceText on a DOM', () => {
  it('leaves out script, style and skipped elements, which still separate the text around them', () => {
    const document = parseDocument('<p>18<script>var x = 1;</script><del>20</del><span>09</span> €</p>');
    const paragraph = document.children[0];
    if (paragraph === undefined) throw new Error('no paragraph');
    expect(readPriceText(paragraph).text).toBe('18 | 20 | 09 €');
    expect(readPriceText(paragraph, (element) => element.name === 'del').text).toBe('18 | 09 €');
  });

  it('a comment between text nodes is no boundary (what the page shows is one number)', () => {
    const document = parseDocument('<p>18<!-- -->.<!-- -->09</p>');
    const paragraph = document.children[0];
    if (paragraph === undefined) throw new Error('no paragraph');
    expect(readPriceText(paragraph).text).toBe('18.09');
  });
});

describe('fraction parts and words', () => {
  it('sup, and class or id naming a fraction, cents, pence…', () => {
    expect(isFractionPart('sup', {})).toBe(true);
    expect(isFractionPart('span', { class: 'a-price-fraction' })).toBe(true);
    expect(isFractionPart('span', { class: 'priceCents' })).toBe(true);
    expect(isFractionPart('span', { id: 'price-pence' })).toBe(true);
    expect(isFractionPart('span', { class: 'price-decimals' })).toBe(true);
    expect(isFractionPart('span', { class: 'price' })).toBe(false);
    expect(isFractionPart('span', { class: 'percent' })).toBe(false);
    expect(isFractionPart('small', {})).toBe(false);
  });

  it('splits class names into words', () => {
    expect(wordsOf('a-price-fraction priceCents price__was')).toEqual(['a', 'price', 'fraction', 'price', 'cents', 'price', 'was']);
  });
});
