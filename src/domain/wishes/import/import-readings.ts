import { countFilledLines, type CsvRecord, csvRecords, detectDelimiter } from './csv.js';
import type { ImportLayout } from './import-layout.js';
import { ROW_READERS } from './layout-rows.js';
import { detectLayout, unrecognisedFile } from './layouts.js';
import { readLibraryThingJson } from './librarything-json.js';
import type { RowReading } from './row-reading.js';

export interface ImportReadings {
  layout: ImportLayout;
  /**
   * Lines after the header holding more than spaces, delimiters and quotes (JSON: entries): what a cap on an import's
   * size counts. A row with a quoted newline counts once per line.
   */
  rowCount: number;
  /**
   * Every non-blank row (or JSON entry) with its line: physical line for CSV, entry position for JSON. Read afresh at
   * each call, one row at a time, so a caller that goes through a large file in chunks never holds all its rows.
   */
  readings(): Iterable<{ line: number; reading: RowReading }>;
}

/** A file opening with `{` or `[` is JSON: no CSV export this import knows starts its header that way. */
export function readImportText(text: string): ImportReadings {
  return /^\s*[[{]/.test(text) ? readJson(text) : readCsv(text);
}

function readCsv(text: string): ImportReadings {
  const { delimiter, hintLine } = detectDelimiter(text);
  /** The data records: after Excel's `sep=` line and the header, blank rows left out. */
  function* dataRecords(): Generator<CsvRecord> {
    const records = csvRecords(text, delimiter);
    if (hintLine) records.next();
    records.next();
    for (const record of records) {
      // Spreadsheets leave `,,,,` lines behind: blank rows are ignored, not reported.
      if (!record.cells.every((cell) => cell.trim() === '')) yield record;
    }
  }
  const records = csvRecords(text, delimiter);
  if (hintLine) records.next();
  const header = records.next();
  if (header.done === true) throw unrecognisedFile('the file is empty');
  const { layout, columns } = detectLayout(header.value.cells);
  const readRow = ROW_READERS[layout];
  return {
    layout,
    rowCount: countFilledLines(text, (records.next().value?.line ?? Number.POSITIVE_INFINITY)),
    *readings() {
      for (const { line, cells } of dataRecords()) yield { line, reading: readRow(cells, columns) };
    },
  };
}

function readJson(text: string): ImportReadings {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw unrecognisedFile('the file starts like JSON but is not valid JSON');
  }
  const readings = readLibraryThingJson(text, value);
  if (readings === null) throw unrecognisedFile('the only JSON this import reads is a LibraryThing export');
  return { layout: 'librarything-json', rowCount: readings.length, readings: () => readings };
}
