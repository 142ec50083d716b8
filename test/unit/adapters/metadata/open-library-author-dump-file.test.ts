import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import type { AuthorDumpEntry } from '../../../../src/application/catalog/ports/author-dump.js';
import { OpenLibraryAuthorDumpFile } from '../../../../src/adapters/metadata/open-library-author-dump-file.js';

const folder = mkdtempSync(path.join(tmpdir(), 'author-dump-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const line = (n: number, name = `Author ${n}`): string =>
  ['/type/author', `/authors/OL${n}A`, '1', '2024-01-01T00:00:00', JSON.stringify({ name })].join('\t');

async function read(dump: OpenLibraryAuthorDumpFile, afterLine = 0): Promise<AuthorDumpEntry[]> {
  const entries: AuthorDumpEntry[] = [];
  for await (const entry of dump.entries(afterLine)) entries.push(entry);
  return entries;
}

describe('OpenLibraryAuthorDumpFile', () => {
  // Long enough to span many chunks of the stream, so lines cut between two chunks are put together again.
  const lines = Array.from({ length: 3_000 }, (_, i) => line(i + 1, `Åuthor ${i + 1} ${'ø'.repeat(i % 50)}`));

  it('reads a gzip-compressed dump line by line, numbering the lines; blank lines are not records', async () => {
    const file = path.join(folder, 'ol_dump_authors_2024-01-31.txt.gz');
    writeFileSync(file, gzipSync(`${lines.join('\n')}\n\n`));
    const dump = new OpenLibraryAuthorDumpFile(file);
    const entries = await read(dump);
    expect(entries).toHaveLength(3_000);
    expect(entries.every((e, i) => e.line === i + 1 && e.kind === 'author' && e.author.openLibraryId === `OL${i + 1}A`)).toBe(true);
    expect(entries[2_999]).toMatchObject({ author: { name: `Åuthor 3000 ${'ø'.repeat(2_999 % 50)}` } });
    expect(dump.bytesRead()).toBe(dump.size);
    expect(dump.key).toBe(`ol_dump_authors_2024-01-31.txt.gz:${dump.size}`);
  });

  it('reads an uncompressed dump with Windows line ends the same, and passes over the lines already stored', async () => {
    const file = path.join(folder, 'authors.txt');
    writeFileSync(file, `${lines.slice(0, 10).join('\r\n')}\r\nnot a record`);
    const entries = await read(new OpenLibraryAuthorDumpFile(file), 8);
    expect(entries.map((e) => [e.line, e.kind])).toEqual([
      [9, 'author'],
      [10, 'author'],
      [11, 'bad'],
    ]);
  });

  it('fails on a damaged gzip file instead of stopping early as if it had ended', async () => {
    const file = path.join(folder, 'broken.txt.gz');
    const zipped = gzipSync(lines.join('\n'));
    writeFileSync(file, zipped.subarray(0, zipped.length - 200));
    await expect(read(new OpenLibraryAuthorDumpFile(file))).rejects.toThrow(/unexpected end of file/i);
  });
});
