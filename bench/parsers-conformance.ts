import { readdirSync, readFileSync, statSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { findJsonLdBlocks } from '../src/adapters/stores/extraction/json-ld-blocks.js';
import type { LenientJsonResult } from '../src/adapters/stores/extraction/lenient-json.js';
import { detectDelimiter, type CsvDelimiter, type CsvRecord } from '../src/domain/wishes/import/csv.js';
import { decodeImportText } from '../src/domain/wishes/import/decode-text.js';
import { BROKEN_JSON_LD_BLOCKS, REPAIRABLE_JSON_LD_BLOCKS } from '../test/support/json-ld-repair-cases.js';

// Does a library do what the tests ask of the hand-written parser? Each case is an input of the unit tests or a
// fixture file; the hand-written parser's answer, which the tests check, is the expected one. A case the library
// answers differently (or throws on) is listed.

const fixturesDir = new URL('../test/fixtures/', import.meta.url);

function filesUnder(dir: URL, pattern: RegExp): URL[] {
  return readdirSync(dir).flatMap((name) => {
    const url = new URL(name, dir);
    if (statSync(url).isDirectory()) return filesUnder(new URL(`${name}/`, dir), pattern);
    return pattern.test(name) ? [url] : [];
  });
}

/** The inputs of test/unit/domain/wishes/import/csv.test.ts, then every CSV/TSV import fixture (decoded as uploads are). */
function csvCases(): Array<{ name: string; text: string; delimiter: CsvDelimiter }> {
  const unit: Array<[string, CsvDelimiter?]> = [
    ['a,b,c\n1,2,3\n'], ['a\r\nb\nc\rd'], ['a,b\n1,2'], ['a,,c,\n'], ['"He said ""hi""","a, b",""\n'],
    ['"=""0141185910""","="""""\n'], ['h1,h2\r\n"multi\r\nline\nvalue",x\r\nnext,y\r\n'], ['a\n\n\r\nb\n\n'], ['""\n'],
    ['The "Best" Book,5" tall\n'], ['"abc"def,x\n'], ['a,"open\nstill open'], [''], ['\n\r\n\r'], ['a;"b;c"\n', ';'],
    ['a\tb, c\n', '\t'],
  ];
  const files = filesUnder(new URL('imports/', fixturesDir), /\.(csv|tsv)$/).map((url) => {
    const text = decodeImportText(new Uint8Array(readFileSync(url)));
    return { name: url.pathname.replace(/.*fixtures\//, ''), text, delimiter: detectDelimiter(text).delimiter };
  });
  return [...unit.map(([text, delimiter]) => ({ name: JSON.stringify(text), text, delimiter: delimiter ?? ',' })), ...files];
}

/** The repair cases the extraction tests use (test/support/json-ld-repair-cases.ts), then every block of every fixture page. */
function jsonLdCases(): Array<{ name: string; block: string }> {
  const unit = [...REPAIRABLE_JSON_LD_BLOCKS, ...Object.values(BROKEN_JSON_LD_BLOCKS)];
  const pages = filesUnder(new URL('store-pages/', fixturesDir), /\.html$/).flatMap((url) =>
    findJsonLdBlocks(readFileSync(url, 'utf8')).blocks.map((block, i) => ({ name: `${url.pathname.replace(/.*fixtures\//, '')} block ${i + 1}`, block })),
  );
  return [...unit.map((block) => ({ name: JSON.stringify(block.slice(0, 60)), block })), ...pages];
}

/** What test/unit/domain/wishes/import/decode-text.test.ts hands the Windows-1252 fallback, and the fixture file. */
function windows1252Cases(): Array<{ name: string; bytes: Uint8Array }> {
  return [
    { name: 'Misérables (0xE9)', bytes: new Uint8Array([0x4d, 0x69, 0x73, 0xe9, 0x72, 0x61, 0x62, 0x6c, 0x65, 0x73]) },
    { name: '0x80–0x9F (€ ‚ “ ” – — ™ Ÿ and unassigned 0x81)', bytes: new Uint8Array([0x80, 0x82, 0x93, 0x94, 0x96, 0x97, 0x99, 0x9f, 0x81]) },
    { name: 'every byte 0x00–0xFF', bytes: new Uint8Array(256).map((_, i) => i) },
    { name: 'imports/plain-windows-1252.csv', bytes: new Uint8Array(readFileSync(new URL('imports/plain-windows-1252.csv', fixturesDir))) },
  ];
}

function attempt<T>(run: () => T): T | { threw: string } {
  try {
    return run();
  } catch (error) {
    return { threw: error instanceof Error ? error.message.split('\n')[0]! : String(error) };
  }
}

export interface Conformance {
  cases: number;
  /** Names of the cases the library answers differently, with what it answered. */
  differences: string[];
}

type Describe = (expected: unknown, actual: unknown) => string;

function compare<C>(cases: C[], name: (c: C) => string, ours: (c: C) => unknown, theirs: (c: C) => unknown, describe: Describe): Conformance {
  const differences: string[] = [];
  for (const c of cases) {
    const expected = ours(c);
    const actual = attempt(() => theirs(c));
    if (!isDeepStrictEqual(expected, actual)) differences.push(`${name(c)}: ${describe(expected, actual)}`);
  }
  return { cases: cases.length, differences };
}

const brief = (answer: unknown): string => {
  const text = JSON.stringify(answer) ?? String(answer);
  return text.length > 90 ? `${text.slice(0, 87)}...` : text;
};
const expectedGot: Describe = (expected, actual) => `expected ${brief(expected)}, got ${brief(actual)}`;

const codePoint = (char: string | undefined): string => (char === undefined ? 'nothing' : `U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);

/** Decoded texts differ in a few characters out of many: name the first one and count them. */
const firstDifferentCharacter: Describe = (expected, actual) => {
  if (typeof expected !== 'string' || typeof actual !== 'string') return expectedGot(expected, actual);
  const positions = [...expected].flatMap((char, i) => (char === actual[i] ? [] : [i]));
  const first = positions[0] ?? Math.min(expected.length, actual.length);
  return `${positions.length || 'length'} character(s) differ; the first, at byte ${first}: expected ${codePoint(expected[first])}, got ${codePoint(actual[first])}`;
};

export function csvConformance(ours: (text: string, d: CsvDelimiter) => CsvRecord[], theirs: (text: string, d: CsvDelimiter) => CsvRecord[]): Conformance {
  return compare(csvCases(), (c) => c.name, (c) => ours(c.text, c.delimiter), (c) => theirs(c.text, c.delimiter), expectedGot);
}

/** A block that fails must fail with the library too (the tests expect it skipped); the error text may differ. */
export function jsonLdConformance(ours: (block: string) => LenientJsonResult, theirs: (block: string) => LenientJsonResult): Conformance {
  const outcome = (result: unknown): unknown =>
    typeof result === 'object' && result !== null && 'ok' in result && result.ok === false ? 'not repaired' : result;
  return compare(jsonLdCases(), (c) => c.name, (c) => outcome(ours(c.block)), (c) => outcome(theirs(c.block)), expectedGot);
}

export function windows1252Conformance(ours: (bytes: Uint8Array) => string, theirs: (bytes: Uint8Array) => string): Conformance {
  return compare(windows1252Cases(), (c) => c.name, (c) => ours(c.bytes), (c) => theirs(c.bytes), firstDifferentCharacter);
}
