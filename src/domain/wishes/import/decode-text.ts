import { decodeWindows1252 } from './windows-1252.js';

/**
 * Turns an uploaded file into text. Exports in the wild come as UTF-8 (with or without a BOM, Excel adds one),
 * as UTF-16 (Excel's "Unicode text"), or as Windows-1252 (older tools, Excel on Windows): a BOM decides when
 * there is one; otherwise bytes that are not valid UTF-8 are read as Windows-1252, a superset of Latin-1 that
 * maps every byte, so decoding never fails and never silently drops a row.
 */
export function decodeImportText(bytes: Uint8Array): string {
  if (startsWith(bytes, 0xef, 0xbb, 0xbf)) return decodeUtf8OrWindows1252(bytes.subarray(3));
  if (startsWith(bytes, 0xff, 0xfe)) return decodeUtf16le(bytes.subarray(2));
  if (startsWith(bytes, 0xfe, 0xff)) return decodeUtf16le(swapBytePairs(bytes.subarray(2)));
  return decodeUtf8OrWindows1252(bytes);
}

function decodeUtf8OrWindows1252(bytes: Uint8Array): string {
  try {
    // fatal: an invalid sequence throws instead of becoming U+FFFD, which is how we tell the encodings apart.
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return decodeWindows1252(bytes);
  }
}

/** UTF-16LE is the one UTF-16 flavour every Node build decodes; big-endian input is byte-swapped into it. */
function decodeUtf16le(bytes: Uint8Array): string {
  return new TextDecoder('utf-16le', { ignoreBOM: true }).decode(bytes);
}

function swapBytePairs(bytes: Uint8Array): Uint8Array {
  const swapped = new Uint8Array(bytes.length);
  for (let i = 0; i + 1 < bytes.length; i += 2) {
    swapped[i] = bytes[i + 1] ?? 0;
    swapped[i + 1] = bytes[i] ?? 0;
  }
  // An odd trailing byte stays where it is; the decoder turns it into U+FFFD rather than losing it.
  if (bytes.length % 2 === 1) swapped[bytes.length - 1] = bytes[bytes.length - 1] ?? 0;
  return swapped;
}

function startsWith(bytes: Uint8Array, ...prefix: number[]): boolean {
  return prefix.length <= bytes.length && prefix.every((byte, i) => bytes[i] === byte);
}
