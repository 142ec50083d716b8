import { describe, expect, it } from 'vitest';
import { BLOCK, decodeTarHeader, encodeTarHeader, TAR_END, type TarEvent, TarFormatError, tarPadding, TarReader } from '../../../../../src/adapters/postgres/backup/tar.js';

interface Entry {
  name: string;
  type: 'file' | 'directory';
  content?: Buffer;
}

function archive(entries: Entry[], terminated = true): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    const content = entry.content ?? Buffer.alloc(0);
    parts.push(encodeTarHeader({ name: entry.name, type: entry.type, size: content.length, mode: 0o600, mtime: 1_700_000_000 }));
    if (entry.type === 'file') parts.push(content, tarPadding(content.length));
  }
  if (terminated) parts.push(TAR_END);
  return Buffer.concat(parts);
}

/** Feeds the archive in pieces of `size` bytes and rebuilds the entries from the events. */
function readBack(bytes: Buffer, size: number): { name: string; type: string; content: Buffer }[] {
  const reader = new TarReader();
  const out: { name: string; type: string; content: Buffer[] }[] = [];
  const take = (events: TarEvent[]) => {
    for (const event of events) {
      if (event.kind === 'entry') out.push({ name: event.header.name, type: event.header.type, content: [] });
      else if (event.kind === 'data') out.at(-1)!.content.push(Buffer.from(event.chunk));
    }
  };
  for (let at = 0; at < bytes.length; at += size) take(reader.write(bytes.subarray(at, at + size)));
  reader.end();
  return out.map((entry) => ({ ...entry, content: Buffer.concat(entry.content) }));
}

const sample: Entry[] = [
  { name: 'backup_label', type: 'file', content: Buffer.from('START WAL LOCATION: 0/2000028\n') },
  { name: 'base', type: 'directory' },
  { name: 'base/1/1259', type: 'file', content: Buffer.alloc(8192 + 17, 7) },
  { name: 'empty', type: 'file', content: Buffer.alloc(0) },
  { name: 'exactly-one-block', type: 'file', content: Buffer.alloc(BLOCK, 1) },
];

describe('tar', () => {
  it('reads back what it writes, whatever the chunk boundaries', () => {
    const bytes = archive(sample);
    const expected = sample.map((entry) => ({ name: entry.name, type: entry.type, content: entry.content ?? Buffer.alloc(0) }));
    for (const size of [1, 7, 511, 512, 513, 4096, bytes.length]) expect(readBack(bytes, size)).toEqual(expected);
  });

  it('accepts an archive without its two end blocks, and ignores what follows them', () => {
    expect(readBack(archive(sample, false), 1000).map((entry) => entry.name)).toEqual(sample.map((entry) => entry.name));
    const reader = new TarReader();
    const events = reader.write(Buffer.concat([archive(sample), Buffer.from('trailing garbage')]));
    expect(reader.ended).toBe(true);
    expect(events.filter((event) => event.kind === 'entry')).toHaveLength(sample.length);
  });

  it('refuses an archive cut inside an entry', () => {
    const bytes = archive(sample);
    const reader = new TarReader();
    reader.write(bytes.subarray(0, 5 * BLOCK + 100));
    expect(() => reader.end()).toThrow(/ends inside base\/1\/1259/);
    const inHeader = new TarReader();
    inHeader.write(bytes.subarray(0, 3 * BLOCK + 100));
    expect(() => inHeader.end()).toThrow(/inside a tar block/);
  });

  it('refuses a damaged header and entry types it does not know', () => {
    const header = encodeTarHeader({ name: 'a', type: 'file', size: 1 });
    header[0] = 'b'.charCodeAt(0);
    expect(() => decodeTarHeader(header)).toThrow(/checksum/);
    const fifo = encodeTarHeader({ name: 'a', type: 'file' });
    fifo.write('6', 156, 'latin1');
    // Fix the checksum so only the type is wrong.
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : fifo[i]!;
    fifo.write(`${sum.toString(8).padStart(6, '0')}\u0000 `, 148, 'latin1');
    expect(() => decodeTarHeader(fifo)).toThrow(TarFormatError);
  });

  it('stores names longer than 100 bytes in the ustar prefix field, and refuses what cannot fit', () => {
    const name = `pgdata/${'a'.repeat(60)}/${'b'.repeat(60)}/file`;
    expect(decodeTarHeader(encodeTarHeader({ name, type: 'file' }))!.name).toBe(name);
    expect(() => encodeTarHeader({ name: 'x'.repeat(101), type: 'file' })).toThrow(/too long/);
  });

  it('writes sizes past the octal range in base-256 and reads them back', () => {
    const size = 9 * 1024 ** 3;
    const header = encodeTarHeader({ name: 'big', type: 'file', size });
    expect(header[124]! & 0x80).toBe(0x80);
    expect(decodeTarHeader(header)!.size).toBe(size);
  });

  it('keeps the header fields and strips the slash of directory names', () => {
    const header = decodeTarHeader(encodeTarHeader({ name: 'pg_wal', type: 'directory', mode: 0o750, mtime: 1_700_000_123, uid: 26, gid: 27, uname: 'postgres', gname: 'postgres' }))!;
    expect(header).toMatchObject({ name: 'pg_wal', type: 'directory', mode: 0o750, size: 0, mtime: 1_700_000_123, uid: 26, gid: 27, uname: 'postgres' });
    expect(decodeTarHeader(Buffer.alloc(BLOCK))).toBeNull();
  });
});
