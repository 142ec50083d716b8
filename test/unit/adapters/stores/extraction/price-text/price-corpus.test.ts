import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { currencyFromText, parsePriceText } from '../../../../../../src/adapters/stores/extraction/price-text/price-text.js';

/**
 * The public corpus of price-parser (see test/fixtures/price-strings/README.md): every case must be refused (null)
 * or read as the corpus reads it. A refusal costs a reading; a different amount would be a false alert.
 */

interface CorpusCase {
  text: string;
  amount: string | null;
  currency: string | null;
  currencyHint: string | null;
  decimalSeparator: string | null;
  list: string;
}

const cases: CorpusCase[] = JSON.parse(
  readFileSync(new URL('../../../../../fixtures/price-strings/price-parser-cases.json', import.meta.url), 'utf8'),
);

/** Cases where the corpus expects something else and our reading is defensible: text → why. */
const EXCEPTIONS: ReadonlyMap<string, string> = new Map([]);

/** At least this many cases are read, not refused: refusing everything must not pass. */
const READ_FLOOR = 1080;

/** Decimals compared by value: "1234.50" and "1234.5" are the same amount. */
function sameAmount(a: string, b: string): boolean {
  const canonical = (decimal: string): string => {
    const [integer = '', fraction = ''] = decimal.split('.');
    const cents = fraction.replace(/0+$/, '');
    return `${integer.replace(/^0+(?=\d)/, '')}${cents === '' ? '' : `.${cents}`}`;
  };
  return canonical(a) === canonical(b);
}

interface Outcome {
  corpusCase: CorpusCase;
  ours: { amount: string; currency: string | null } | null;
  wrong: string | null;
}

function outcomeOf(corpusCase: CorpusCase): Outcome {
  // The corpus's hint is the text of a nearby element; it is a store currency only when it names one ("€", "DKK").
  const hint = corpusCase.currencyHint === null ? null : currencyFromText(corpusCase.currencyHint);
  // A "." decimal separator given to price-parser is what our machine-readable reading assumes.
  const ours = parsePriceText(corpusCase.text, { currency: hint, machineReadable: corpusCase.decimalSeparator === '.' });
  if (ours === null) return { corpusCase, ours, wrong: null };
  if (corpusCase.amount === null) return { corpusCase, ours, wrong: 'the corpus sees no price' };
  if (!sameAmount(ours.amount, corpusCase.amount)) return { corpusCase, ours, wrong: `expected ${corpusCase.amount}` };
  const theirs = corpusCase.currency === null ? null : currencyFromText(corpusCase.currency, hint);
  if (ours.currency !== null && theirs !== null && ours.currency !== theirs) return { corpusCase, ours, wrong: `expected ${theirs}` };
  return { corpusCase, ours, wrong: null };
}

const outcomes = cases.map(outcomeOf);
const read = outcomes.filter((outcome) => outcome.ours !== null);
const wrong = outcomes.filter((outcome) => outcome.wrong !== null && !EXCEPTIONS.has(outcome.corpusCase.text));

describe('price-parser corpus', () => {
  it('holds the converted cases', () => {
    expect(cases.length).toBe(1184);
  });

  it('reads no case differently from the corpus', () => {
    console.log(`price-parser corpus: ${cases.length} cases, ${read.length} read, ${cases.length - read.length} refused, ${wrong.length} wrong`);
    const described = wrong.map(({ corpusCase, ours, wrong: why }) => `${JSON.stringify(corpusCase.text)} → ${ours?.amount} ${ours?.currency}: ${why}`);
    expect(described).toEqual([]);
  });

  it(`reads at least ${READ_FLOOR} cases`, () => {
    expect(read.length).toBeGreaterThanOrEqual(READ_FLOOR);
  });

  it('lists as exceptions only cases of the corpus that we still read differently', () => {
    for (const text of EXCEPTIONS.keys()) {
      expect(outcomes.find((outcome) => outcome.corpusCase.text === text)?.wrong ?? null).not.toBeNull();
    }
  });
});
