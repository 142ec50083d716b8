import { createReadStream, statSync } from 'node:fs';
import path from 'node:path';
import { createGunzip } from 'node:zlib';
import type { AuthorDump, AuthorDumpEntry } from '../../application/catalog/ports/author-dump.js';
import { parseAuthorDumpLine } from './open-library-author-dump-line.js';

/**
 * An Open Library authors dump on disk, gzip-compressed (`.gz`) or not, read line by line as a stream: the file is
 * pulled chunk by chunk as lines are consumed, so memory stays flat whatever its size. Its key is its name and size:
 * the same downloaded dump resumes, a newer one starts at the top.
 */
export class OpenLibraryAuthorDumpFile implements AuthorDump {
  readonly key: string;
  readonly size: number;
  private read = 0;

  constructor(private readonly file: string) {
    this.size = statSync(file).size;
    this.key = `${path.basename(file)}:${this.size}`;
  }

  bytesRead(): number {
    return this.read;
  }

  async *entries(afterLine: number): AsyncIterable<AuthorDumpEntry> {
    const raw = createReadStream(this.file);
    raw.on('data', (chunk) => (this.read += chunk.length));
    const text = this.file.endsWith('.gz') ? raw.pipe(createGunzip()) : raw;
    text.setEncoding('utf8');
    raw.on('error', (error) => text.destroy(error));
    let line = 0;
    let carry = '';
    try {
      for await (const chunk of text as AsyncIterable<string>) {
        const lines = (carry + chunk).split('\n');
        carry = lines.pop() ?? '';
        for (const content of lines) {
          line += 1;
          if (line > afterLine) yield* entryOf(content, line);
        }
      }
      line += 1;
      if (line > afterLine) yield* entryOf(carry, line);
    } finally {
      raw.destroy();
      text.destroy();
    }
  }
}

function* entryOf(content: string, line: number): Generator<AuthorDumpEntry> {
  const trimmed = content.endsWith('\r') ? content.slice(0, -1) : content;
  // Blank lines (the file's last newline) are not records.
  if (trimmed.trim() === '') return;
  yield { ...parseAuthorDumpLine(trimmed), line };
}
