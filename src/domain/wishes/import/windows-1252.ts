/**
 * Windows-1252, written out here rather than asked of TextDecoder: Node only knows that label when it is
 * built with full ICU, and the domain must not depend on how Node was built.
 * Bytes 0x00–0x7F and 0xA0–0xFF are the same code points (Latin-1); 0x80–0x9F are the table below
 * (the five unassigned bytes map to their C1 control, as the WHATWG Encoding Standard does).
 *
 * Why not a library: Node 20 (since 20.18.3) decodes the 'windows-1252' label as Latin-1, so 0x80 comes out as
 * U+0080 instead of €; iconv-lite turns the five unassigned bytes into U+FFFD, and is a package the domain may not
 * import. Both are faster on a 5 MiB file (15 ms and 31 ms against 41 ms here), but neither maps every byte the
 * way the tests ask; `npm run bench:parsers`.
 */
const HIGH_CONTROL_RANGE = [
  0x20ac, 0x0081, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008d, 0x017d, 0x008f,
  0x0090, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x009d, 0x017e, 0x0178,
];

/** fromCharCode takes its codes as arguments; chunks keep a large file under the engine's argument limit. */
const CHUNK = 8192;

export function decodeWindows1252(bytes: Uint8Array): string {
  const parts: string[] = [];
  const codes = new Array<number>(Math.min(CHUNK, bytes.length));
  for (let start = 0; start < bytes.length; start += CHUNK) {
    const end = Math.min(start + CHUNK, bytes.length);
    codes.length = end - start;
    for (let i = start; i < end; i++) {
      const byte = bytes[i] ?? 0;
      codes[i - start] = byte >= 0x80 && byte <= 0x9f ? (HIGH_CONTROL_RANGE[byte - 0x80] ?? byte) : byte;
    }
    parts.push(String.fromCharCode(...codes));
  }
  return parts.join('');
}
