import { readFileSync } from 'node:fs';

// The largest inputs the three hand-written parsers meet, built from the test fixtures so that they carry the same
// quirks as the real files: a 5 MiB wish-import export (UTF-8 and Windows-1252) and a 3 MB store page whose JSON-LD
// needs repairing.

export const EXPORT_BYTES = 5 * 1024 * 1024;
export const PAGE_BYTES = 3_000_000;
/** Under the extraction's cap on one JSON-LD block (2,000,000 characters), so that no block is skipped. */
const JSON_LD_BLOCK_CHARS = 1_450_000;

const fixture = (path: string): Buffer => readFileSync(new URL(`../test/fixtures/${path}`, import.meta.url));

/** The header, then the fixture's rows again and again (its multi-line review included) until `bytes` is reached. */
function repeatRows(file: Buffer, bytes: number): Buffer {
  const headerEnd = file.indexOf(0x0a) + 1;
  const header = file.subarray(0, headerEnd);
  const rows = file.subarray(headerEnd);
  const copies = Math.ceil((bytes - header.length) / rows.length);
  return Buffer.concat([header, ...Array.from({ length: copies }, () => rows)]).subarray(0, bytes);
}

/** Cut back to the last whole line, so the export does not end inside a row. */
function wholeLines(bytes: Buffer): Buffer {
  return bytes.subarray(0, bytes.lastIndexOf(0x0a) + 1);
}

/** The real Goodreads export (quoted cells, `="…"` ISBNs, a two-line review) grown to 5 MiB, as UTF-8 text. */
export function goodreadsExport(): string {
  return wholeLines(repeatRows(fixture('imports/goodreads/goodreads_library_export.csv'), EXPORT_BYTES)).toString('utf8');
}

/** The Windows-1252 plain CSV (é, “ ”, —, €) grown to 5 MiB: bytes the UTF-8 decoder rejects. */
export function windows1252Export(): Uint8Array {
  return new Uint8Array(wholeLines(repeatRows(fixture('imports/plain-windows-1252.csv'), EXPORT_BYTES)));
}

/**
 * A 3 MB product page: the fixture page whose JSON-LD a template wrote badly (trailing commas, a `//` comment, a raw
 * line break in a string), its Book block repeated into the `@graph` of two blocks of about 1.45 MB each.
 */
export function brokenJsonLdPage(): string {
  const html = fixture('store-pages/jsonld-trailing-commas.html').toString('utf8');
  const book = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1]?.trim() ?? '';
  const copies = Math.floor(JSON_LD_BLOCK_CHARS / (book.length + 2));
  const block = `{ "@context": "https://schema.org", "@graph": [\n${Array.from({ length: copies }, () => book).join(',\n')},\n], }`;
  const script = `<script type="application/ld+json">\n${block}\n</script>\n`;
  const page = html.replace('</head>', `${script}${script}</head>`);
  const filler = `<p>${'Ein Roman über Effi Briest. '.repeat(40)}</p>\n`;
  const missing = Math.max(0, PAGE_BYTES - Buffer.byteLength(page));
  return page.replace('</body>', `${filler.repeat(Math.ceil(missing / filler.length))}</body>`);
}
