import { describe, expect, it } from 'vitest';
import { decodeImportText } from '../../../../../src/domain/wishes/import/decode-text.js';

const bytes = (...values: number[]): Uint8Array => new Uint8Array(values);
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

function utf16(text: string, endian: 'le' | 'be', bom = true): Uint8Array {
  const out: number[] = bom ? (endian === 'le' ? [0xff, 0xfe] : [0xfe, 0xff]) : [];
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const pair = [unit & 0xff, unit >> 8];
    out.push(...(endian === 'le' ? pair : pair.reverse()));
  }
  return new Uint8Array(out);
}

describe('decodeImportText', () => {
  it('decodes UTF-8 and strips its BOM', () => {
    expect(decodeImportText(utf8('\uFEFFisbn,title\nx,Miéville'))).toBe('isbn,title\nx,Miéville');
    expect(decodeImportText(utf8('isbn,title\nx,Miéville'))).toBe('isbn,title\nx,Miéville');
  });

  it('keeps characters outside the BMP intact', () => {
    expect(decodeImportText(utf8('title\n📚 Books'))).toBe('title\n📚 Books');
  });

  it('falls back to Windows-1252 when the bytes are not valid UTF-8', () => {
    // "Misérables" with é as the single Latin-1 byte 0xE9.
    expect(decodeImportText(bytes(0x4d, 0x69, 0x73, 0xe9, 0x72, 0x61, 0x62, 0x6c, 0x65, 0x73))).toBe('Misérables');
  });

  it('maps the 0x80–0x9F range the Windows-1252 way, not as C1 controls', () => {
    // € ‚ “ ” – — ™ Ÿ, and 0x81 (unassigned) kept as its control character.
    expect(decodeImportText(bytes(0x80, 0x82, 0x93, 0x94, 0x96, 0x97, 0x99, 0x9f, 0x81))).toBe('€‚“”–—™Ÿ\u0081');
  });

  it('maps every byte, so a binary upload still decodes to something (later rejected by its header)', () => {
    const all = new Uint8Array(256).map((_, i) => i);
    const text = decodeImportText(all);
    expect(text).toHaveLength(256);
    expect(text[0xff]).toBe('ÿ');
  });

  it('uses Windows-1252 for a file with a UTF-8 BOM but Latin-1 content, and drops the BOM', () => {
    expect(decodeImportText(bytes(0xef, 0xbb, 0xbf, 0x41, 0xe9))).toBe('Aé');
  });

  it('decodes UTF-16 little- and big-endian by their BOM', () => {
    const text = 'isbn,title\r\n9780141185910,Go Tell It — Miéville 📚';
    expect(decodeImportText(utf16(text, 'le'))).toBe(text);
    expect(decodeImportText(utf16(text, 'be'))).toBe(text);
  });

  it('answers an empty string for no bytes or a lone BOM', () => {
    expect(decodeImportText(new Uint8Array())).toBe('');
    expect(decodeImportText(bytes(0xef, 0xbb, 0xbf))).toBe('');
    expect(decodeImportText(bytes(0xff, 0xfe))).toBe('');
  });
});
