import { detectDelimiter, parseCsv } from './csv.js';
import type { ImportLayout } from './import-layout.js';
import { ROW_READERS } from './layout-rows.js';
import { detectLayout, unrecognisedFile } from './layouts.js';
import { readLibraryThingJson } from './librarything-json.js';
import type { RowReading } from './row-reading.js';

export interface ImportReadings {
  layout: ImportLayout;
  /** Every non-blank row (or JSON entry) with its line: physical line for CSV, entry position for JSON. */
  readings: Array<{ line: number; reading: RowReading }>;
}

/** A file opening with `{` or `[` is JSON: no CSV export this import knows starts its header that way. */
export function readImportText(text: string): ImportReadings {
  return /^\s*[[{]/.test(text) ? readJson(text) : readCsv(text);
}

function readCsv(text: string): ImportReadings {
  const { delimiter, hintLine } = detectDelimiter(text);
  const records = parseCsv(text, delimiter);
  if (hintLine) records.shift();
  const [header, ...rows] = records;
  if (!header) throw unrecognisedFile('the file is empty');
  const { layout, columns } = detectLayout(header.cells);
  const readRow = ROW_READERS[layout];
  const readings: ImportReadings['readings'] = [];
  for (const { line, cells } of rows) {
    // Spreadsheets leave `,,,,` lines behind: blank rows are ignored, not reported.
    if (cells.every((cell) => cell.trim() === '')) continue;
    readings.push({ line, reading: readRow(cells, columns) });
  }
  return { layout, readings };
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
  return { layout: 'librarything-json', readings };
}
