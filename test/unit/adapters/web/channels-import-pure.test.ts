// The pure pieces of the channels and import pages, under Node: a channel's last delivery in words, telling a new
// attempt from the one shown before a test, CSV quoting, the rows not imported as CSV, paging a long table.
import { describe, expect, it } from 'vitest';
import { deliveryText, isNewAttempt, type LastDelivery } from '../../../../src/adapters/web/client/channel-delivery.js';
import { csvCell, toCsv } from '../../../../src/adapters/web/client/csv-text.js';
import { notImportedCsv, notImportedFileName, pageOf, reasonText, sizeText } from '../../../../src/adapters/web/client/import-report.js';

const attempt = (over: Partial<LastDelivery> = {}): LastDelivery => ({
  at: '2026-11-29T06:37:12.345Z', message: 'test', ok: true, error: null, retryable: false, ...over,
});

describe("a channel's last delivery", () => {
  it('says what happened, when, and whether Shelfwatch tries again', () => {
    expect(deliveryText(null)).toBe('Nothing sent yet.');
    expect(deliveryText(attempt())).toBe('Delivered: test message, 2026-11-29 06:37:12 UTC.');
    expect(deliveryText(attempt({ message: 'digest', ok: false, error: 'the receiver answered 410' }))).toBe(
      'Not delivered: daily digest, 2026-11-29 06:37:12 UTC: the receiver answered 410.',
    );
    expect(deliveryText(attempt({ message: 'alert', ok: false, error: 'could not reach the receiver', retryable: true }))).toBe(
      'Not delivered: alert, 2026-11-29 06:37:12 UTC: could not reach the receiver. Shelfwatch tries again later.',
    );
  });

  it('tells a new attempt from the one the page showed before the test', () => {
    expect(isNewAttempt(null, null)).toBe(false);
    expect(isNewAttempt(null, attempt())).toBe(true);
    expect(isNewAttempt(attempt(), attempt())).toBe(false);
    expect(isNewAttempt(attempt(), attempt({ at: '2026-11-29T06:38:00.000Z' }))).toBe(true);
  });
});

describe('CSV text', () => {
  it('quotes a cell holding a comma, a quote, a line break or surrounding spaces, doubling its quotes', () => {
    expect(csvCell('Dune')).toBe('Dune');
    expect(csvCell('Dune, Messiah')).toBe('"Dune, Messiah"');
    expect(csvCell('The "Best" Book')).toBe('"The ""Best"" Book"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(' padded')).toBe('" padded"');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(null)).toBe('');
  });

  it('keeps a spreadsheet from running a cell as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell(-3)).toBe('-3');
  });

  it('writes a header and CRLF-ended rows', () => {
    expect(toCsv(['a', 'b'], [[1, 'x,y'], [2, null]])).toBe('a,b\r\n1,"x,y"\r\n2,\r\n');
  });
});

describe('the rows not imported', () => {
  it('lists unmatched and invalid rows together by line, with a header', () => {
    const csv = notImportedCsv({
      unmatched: [{ line: 5, reason: 'title_not_found', title: 'Tales, "Old"', isbn: null }, { line: 2, reason: 'isbn_not_found', title: null, isbn: '9780000000002' }],
      invalid: [{ line: 3, message: 'neither a valid ISBN nor a title' }],
    });
    expect(csv.split('\r\n')).toEqual([
      'line,problem,reason,title,isbn,message',
      `2,not matched,isbn_not_found,,9780000000002,${reasonText('isbn_not_found')}`,
      '3,invalid,,,,neither a valid ISBN nor a title',
      `5,not matched,title_not_found,"Tales, ""Old""",,${reasonText('title_not_found')}`,
      '',
    ]);
    expect(reasonText('something_new')).toBe('something_new');
  });

  it('names the download after the uploaded file', () => {
    expect(notImportedFileName('goodreads_library_export.csv')).toBe('goodreads_library_export-not-imported.csv');
    expect(notImportedFileName('my list (2).csv')).toBe('my-list-2-not-imported.csv');
    expect(notImportedFileName('.csv')).toBe('import-not-imported.csv');
  });

  it('shows a long table a screen at a time', () => {
    const rows = Array.from({ length: 120 }, (_, i) => i);
    expect(pageOf(rows, 0, 50)).toMatchObject({ first: 1, last: 50, pages: 3 });
    expect(pageOf(rows, 2, 50)).toMatchObject({ first: 101, last: 120, rows: rows.slice(100) });
    expect(pageOf(rows, 9, 50).first).toBe(101);
    expect(pageOf([], 0, 50)).toMatchObject({ first: 0, last: 0, pages: 1 });
  });

  it('says sizes in decimal units', () => {
    expect([sizeText(512), sizeText(850_000), sizeText(4_600_000)]).toEqual(['512 bytes', '850 kB', '4.6 MB']);
  });
});
