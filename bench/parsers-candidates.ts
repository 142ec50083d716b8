import { parse } from 'csv-parse/sync';
import { jsonrepair } from 'jsonrepair';
import { type LenientJsonResult, unwrapJsonBlock } from '../src/adapters/stores/extraction/lenient-json.js';
import type { CsvDelimiter, CsvRecord } from '../src/domain/wishes/import/csv.js';

// The libraries as each hand-written parser would have to call them to do the same job: same inputs, same output
// shape, the library's most tolerant options. Only the benchmark uses them.

interface CsvParseRow {
  record: string[];
  raw: string;
  info: { empty_lines: number };
}

/**
 * csv-parse with every relax option that applies. The import needs each record's first physical line, which
 * csv-parse does not give (its `info.lines` is where a record ends, and counts a CRLF inside quotes twice), so it is
 * counted from `raw`, which keeps one character of each record delimiter and the blank lines skipped before it.
 */
export function csvParseRecords(text: string, delimiter: CsvDelimiter): CsvRecord[] {
  const rows = parse(text, {
    delimiter,
    record_delimiter: ['\r\n', '\n', '\r'],
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: true,
    raw: true,
    info: true,
  }) as unknown as CsvParseRow[];
  const records: CsvRecord[] = [];
  let linesBefore = 0;
  let emptyBefore = 0;
  for (const { record, raw, info } of rows) {
    records.push({ line: 1 + linesBefore + (info.empty_lines - emptyBefore), cells: record });
    linesBefore += lineBreaks(raw);
    emptyBefore = info.empty_lines;
  }
  return records;
}

/** csv-parse with nothing but the delimiter and the relax options: the library's own floor, no line numbers. */
export function csvParseCellsOnly(text: string, delimiter: CsvDelimiter): string[][] {
  return parse(text, { delimiter, record_delimiter: ['\r\n', '\n', '\r'], relax_quotes: true, relax_column_count: true, skip_empty_lines: true }) as string[][];
}

function lineBreaks(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x0a || (code === 0x0d && text.charCodeAt(i + 1) !== 0x0a)) count += 1;
  }
  return count;
}

/** The JSON-LD pass with jsonrepair in place of our repair: same unwrapping, strict JSON first, entities last. */
export function parseWithJsonrepair(source: string): LenientJsonResult {
  const text = unwrapJsonBlock(source);
  if (text === '') return { ok: false, error: 'empty block' };
  const attempts = [text, () => jsonrepair(text), () => jsonrepair(text.replace(/&quot;|&#34;/g, '"'))];
  let error = '';
  for (const attempt of attempts) {
    try {
      return { ok: true, value: JSON.parse(typeof attempt === 'string' ? attempt : attempt()) as unknown };
    } catch (thrown) {
      error ||= thrown instanceof Error ? thrown.message : String(thrown);
    }
  }
  return { ok: false, error };
}

/** Node's own decoder (full ICU); no package needed. */
export function decodeWithTextDecoder(bytes: Uint8Array): string {
  return new TextDecoder('windows-1252').decode(bytes);
}

/** iconv-lite, when it is installed (today only as a dependency of express and cheerio); null otherwise. */
export async function loadIconvLite(): Promise<((bytes: Uint8Array) => string) | null> {
  try {
    // Named through a variable: the type check must not depend on a package this project does not declare.
    const packageName = 'iconv-lite';
    const iconv = ((await import(packageName)) as { default: { decode(bytes: Buffer, encoding: string): string } }).default;
    return (bytes) => iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), 'windows-1252');
  } catch {
    return null;
  }
}
