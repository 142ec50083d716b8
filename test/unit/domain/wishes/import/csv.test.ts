import { describe, expect, it } from 'vitest';
import { countFilledLines, csvRecords, detectDelimiter, parseCsv } from '../../../../../src/domain/wishes/import/csv.js';

describe('parseCsv', () => {
  it('splits simple records and numbers their lines', () => {
    expect(parseCsv('a,b,c\n1,2,3\n')).toEqual([
      { line: 1, cells: ['a', 'b', 'c'] },
      { line: 2, cells: ['1', '2', '3'] },
    ]);
  });

  it('accepts CRLF, LF and lone CR line ends, mixed', () => {
    expect(parseCsv('a\r\nb\nc\rd')).toEqual([
      { line: 1, cells: ['a'] },
      { line: 2, cells: ['b'] },
      { line: 3, cells: ['c'] },
      { line: 4, cells: ['d'] },
    ]);
  });

  it('reads a last record without a final newline', () => {
    expect(parseCsv('a,b\n1,2')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['1', '2'] },
    ]);
  });

  it('keeps empty cells, including a trailing one', () => {
    expect(parseCsv('a,,c,\n')).toEqual([{ line: 1, cells: ['a', '', 'c', ''] }]);
  });

  it('unescapes doubled quotes and keeps delimiters inside quotes', () => {
    expect(parseCsv('"He said ""hi""","a, b",""\n')).toEqual([{ line: 1, cells: ['He said "hi"', 'a, b', ''] }]);
  });

  it('reads Goodreads ="..." cells to their literal text', () => {
    expect(parseCsv('"=""0141185910""","="""""\n')).toEqual([{ line: 1, cells: ['="0141185910"', '=""'] }]);
  });

  it('keeps newlines inside quotes as content and gives the next record its physical line', () => {
    const records = parseCsv('h1,h2\r\n"multi\r\nline\nvalue",x\r\nnext,y\r\n');
    expect(records).toEqual([
      { line: 1, cells: ['h1', 'h2'] },
      { line: 2, cells: ['multi\r\nline\nvalue', 'x'] },
      { line: 5, cells: ['next', 'y'] },
    ]);
  });

  it('skips blank lines but keeps counting them', () => {
    expect(parseCsv('a\n\n\r\nb\n\n')).toEqual([
      { line: 1, cells: ['a'] },
      { line: 4, cells: ['b'] },
    ]);
  });

  it('keeps a line holding only "" as one empty cell (it was written on purpose)', () => {
    expect(parseCsv('""\n')).toEqual([{ line: 1, cells: [''] }]);
  });

  it('keeps stray quotes inside an unquoted cell as text', () => {
    expect(parseCsv('The "Best" Book,5" tall\n')).toEqual([{ line: 1, cells: ['The "Best" Book', '5" tall'] }]);
  });

  it('keeps text after a closing quote, as spreadsheets do', () => {
    expect(parseCsv('"abc"def,x\n')).toEqual([{ line: 1, cells: ['abcdef', 'x'] }]);
  });

  it('ends an unterminated quoted cell at the end of the text instead of failing', () => {
    expect(parseCsv('a,"open\nstill open')).toEqual([{ line: 1, cells: ['a', 'open\nstill open'] }]);
  });

  it('answers no records for empty or blank text', () => {
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv('\n\r\n\r')).toEqual([]);
  });

  it('reads semicolon- and tab-separated text when told to', () => {
    expect(parseCsv('a;"b;c"\n', ';')).toEqual([{ line: 1, cells: ['a', 'b;c'] }]);
    expect(parseCsv('a\tb, c\n', '\t')).toEqual([{ line: 1, cells: ['a', 'b, c'] }]);
  });

  it('round-trips what a writer quoting every special character produces', () => {
    const rows = [
      ['plain', 'with, comma', 'with "quotes"', 'with\nnewline', 'with\r\ncrlf', '', '  spaced  '],
      ['=cmd|\' /C calc\'!A0', '+1', '-1', '@x', '"', '""', ','],
    ];
    const quote = (cell: string): string => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
    const text = rows.map((row) => row.map(quote).join(',')).join('\r\n');
    expect(parseCsv(text).map((record) => record.cells)).toEqual(rows);
  });
});

describe('detectDelimiter', () => {
  it('defaults to comma', () => {
    expect(detectDelimiter('isbn\n123')).toEqual({ delimiter: ',', hintLine: false });
    expect(detectDelimiter('')).toEqual({ delimiter: ',', hintLine: false });
  });

  it('picks the delimiter the header uses most, ignoring quoted ones', () => {
    expect(detectDelimiter('isbn;title;author\n')).toEqual({ delimiter: ';', hintLine: false });
    expect(detectDelimiter('isbn\ttitle\n')).toEqual({ delimiter: '\t', hintLine: false });
    expect(detectDelimiter('"a;b;c",d\n')).toEqual({ delimiter: ',', hintLine: false });
  });

  it("honours Excel's sep= line", () => {
    expect(detectDelimiter('sep=;\r\nisbn;title\r\n')).toEqual({ delimiter: ';', hintLine: true });
  });
});

describe('csvRecords', () => {
  it('gives the same records as parseCsv, one at a time', () => {
    const text = 'a,"b\nc"\r\n\n,\n"x""y",z';
    const records = csvRecords(text);
    expect(records.next().value).toEqual({ line: 1, cells: ['a', 'b\nc'] });
    expect([...records]).toEqual(parseCsv(text).slice(1));
  });
});

describe('countFilledLines', () => {
  it('counts lines holding more than spaces, delimiters and quotes, from a given line, without reading cells', () => {
    expect(countFilledLines('isbn\n1\n\n , ;\t""\n2\r\n3\r4', 2)).toBe(4);
    expect(countFilledLines('isbn\n', 2)).toBe(0);
    // A quoted line break makes one row two lines: an upper bound of the rows.
    expect(countFilledLines('h\n"a\nb"\n', 2)).toBe(2);
  });
});
