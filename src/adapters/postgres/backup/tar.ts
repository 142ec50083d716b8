/**
 * The little of the ustar format (POSIX 1003.1-2008) that a PostgreSQL base backup uses: regular files,
 * directories and symbolic links, names up to 255 bytes (the `prefix` field), numbers in octal or, past the octal
 * range, base-256. PostgreSQL's own tar writer (src/port/tar.c) never writes anything else; pax and GNU extensions
 * are refused rather than half understood.
 */

export const BLOCK = 512;

export type TarEntryType = 'file' | 'directory' | 'symlink';

export interface TarHeader {
  /** Without a trailing slash (directories carry one in the archive). */
  name: string;
  type: TarEntryType;
  mode: number;
  size: number;
  /** Seconds since the epoch. */
  mtime: number;
  uid: number;
  gid: number;
  uname: string;
  gname: string;
  linkname: string;
}

export class TarFormatError extends Error {}

const TYPE_FLAGS: Record<TarEntryType, string> = { file: '0', directory: '5', symlink: '2' };

/** One 512-byte header block. */
export function encodeTarHeader(entry: Partial<TarHeader> & Pick<TarHeader, 'name' | 'type'>): Buffer {
  const header = Buffer.alloc(BLOCK);
  const type = entry.type;
  const size = type === 'file' ? (entry.size ?? 0) : 0;
  const full = type === 'directory' ? `${entry.name.replace(/\/+$/, '')}/` : entry.name;
  const { prefix, name } = splitName(full);
  writeString(header, 0, 100, name);
  writeNumber(header, 100, 8, entry.mode ?? (type === 'directory' ? 0o700 : 0o600));
  writeNumber(header, 108, 8, entry.uid ?? 0);
  writeNumber(header, 116, 8, entry.gid ?? 0);
  writeNumber(header, 124, 12, size);
  writeNumber(header, 136, 12, Math.max(0, Math.floor(entry.mtime ?? 0)));
  header.write(TYPE_FLAGS[type], 156, 'latin1');
  writeString(header, 157, 100, entry.linkname ?? '', 'link target');
  header.write('ustar\u000000', 257, 'latin1');
  writeString(header, 265, 32, (entry.uname ?? '').slice(0, 31));
  writeString(header, 297, 32, (entry.gname ?? '').slice(0, 31));
  writeNumber(header, 329, 8, 0);
  writeNumber(header, 337, 8, 0);
  writeString(header, 345, 155, prefix);
  header.write(`${checksum(header).toString(8).padStart(6, '0')}\u0000 `, 148, 'latin1');
  return header;
}

/** Zeros up to the next block boundary after `size` bytes of content. */
export function tarPadding(size: number): Buffer {
  const rest = size % BLOCK;
  return Buffer.alloc(rest === 0 ? 0 : BLOCK - rest);
}

/** The two zero blocks that end an archive. */
export const TAR_END = Buffer.alloc(2 * BLOCK);

/** null for a zero block (the end of the archive). */
export function decodeTarHeader(block: Buffer): TarHeader | null {
  if (block.length !== BLOCK) throw new TarFormatError(`a tar header is ${BLOCK} bytes, not ${block.length}`);
  if (block.every((byte) => byte === 0)) return null;
  const stored = readNumber(block, 148, 8);
  if (stored !== checksum(block)) throw new TarFormatError('bad tar header checksum (the archive is damaged or not a tar archive)');
  const flag = String.fromCharCode(block[156]!);
  const type: TarEntryType | undefined = flag === '0' || flag === '\u0000' ? 'file' : flag === '5' ? 'directory' : flag === '2' ? 'symlink' : undefined;
  if (type === undefined) throw new TarFormatError(`unsupported tar entry type '${flag}'`);
  const magic = block.toString('latin1', 257, 262);
  const prefix = magic === 'ustar' ? readString(block, 345, 155) : '';
  const name = (prefix ? `${prefix}/${readString(block, 0, 100)}` : readString(block, 0, 100)).replace(/\/+$/, '');
  if (name === '') throw new TarFormatError('a tar entry has an empty name');
  return {
    name,
    type,
    mode: readNumber(block, 100, 8) & 0o7777,
    size: type === 'file' ? readNumber(block, 124, 12) : 0,
    mtime: readNumber(block, 136, 12),
    uid: readNumber(block, 108, 8),
    gid: readNumber(block, 116, 8),
    uname: readString(block, 265, 32),
    gname: readString(block, 297, 32),
    linkname: readString(block, 157, 100),
  };
}

export type TarEvent =
  | { kind: 'entry'; header: TarHeader }
  /** Part of the current file's content; a view into the chunk given to write(). */
  | { kind: 'data'; chunk: Buffer }
  | { kind: 'entry-end'; header: TarHeader };

/**
 * A streaming tar reader: feed it chunks of any size, get the entries' headers and contents back in order.
 * The end-of-archive zero blocks are optional (a stream may end right after an entry); anything after them is
 * ignored. end() throws when the stream stopped inside an entry.
 */
export class TarReader {
  private pendingHeader: Buffer[] = [];
  private pendingHeaderBytes = 0;
  private current: TarHeader | null = null;
  private contentLeft = 0;
  private paddingLeft = 0;
  private finished = false;

  /** True once the end-of-archive block was read. */
  get ended(): boolean {
    return this.finished;
  }

  write(chunk: Buffer): TarEvent[] {
    const events: TarEvent[] = [];
    let at = 0;
    while (at < chunk.length && !this.finished) {
      if (this.current !== null && this.contentLeft > 0) {
        const take = Math.min(this.contentLeft, chunk.length - at);
        events.push({ kind: 'data', chunk: chunk.subarray(at, at + take) });
        this.contentLeft -= take;
        at += take;
        if (this.contentLeft === 0) this.closeEntry(events);
      } else if (this.paddingLeft > 0) {
        const take = Math.min(this.paddingLeft, chunk.length - at);
        this.paddingLeft -= take;
        at += take;
      } else {
        const take = Math.min(BLOCK - this.pendingHeaderBytes, chunk.length - at);
        this.pendingHeader.push(chunk.subarray(at, at + take));
        this.pendingHeaderBytes += take;
        at += take;
        if (this.pendingHeaderBytes === BLOCK) {
          const block = Buffer.concat(this.pendingHeader);
          this.pendingHeader = [];
          this.pendingHeaderBytes = 0;
          const header = decodeTarHeader(block);
          if (header === null) {
            this.finished = true;
            break;
          }
          this.current = header;
          this.contentLeft = header.size;
          events.push({ kind: 'entry', header });
          if (header.size === 0) this.closeEntry(events);
        }
      }
    }
    return events;
  }

  /** The source is exhausted: fine between entries, an error inside one. */
  end(): void {
    if (this.current !== null) throw new TarFormatError(`the archive ends inside ${this.current.name} (${this.contentLeft} bytes missing)`);
    if (this.pendingHeaderBytes > 0 || this.paddingLeft > 0) throw new TarFormatError('the archive ends inside a tar block');
  }

  private closeEntry(events: TarEvent[]): void {
    const header = this.current!;
    this.current = null;
    this.paddingLeft = tarPadding(header.size).length;
    events.push({ kind: 'entry-end', header });
  }
}

/** Splits a name over ustar's `prefix` (155 bytes) and `name` (100 bytes) fields, at a slash. */
function splitName(full: string): { prefix: string; name: string } {
  if (Buffer.byteLength(full) <= 100) return { prefix: '', name: full };
  for (let i = full.indexOf('/'); i > 0; i = full.indexOf('/', i + 1)) {
    const prefix = full.slice(0, i);
    const name = full.slice(i + 1);
    if (Buffer.byteLength(prefix) > 155) break;
    if (Buffer.byteLength(name) <= 100 && name !== '') return { prefix, name };
  }
  throw new TarFormatError(`name too long for a ustar archive: ${full}`);
}

function writeString(header: Buffer, offset: number, length: number, value: string, what = 'name'): void {
  const bytes = Buffer.from(value, 'utf8');
  if (bytes.length > length) throw new TarFormatError(`${what} too long for a ustar archive: ${value}`);
  bytes.copy(header, offset);
}

function readString(block: Buffer, offset: number, length: number): string {
  const field = block.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.toString('utf8', 0, end < 0 ? length : end);
}

/** Octal with a NUL terminator while it fits, else base-256 (the high bit of the first byte set), as GNU tar and PostgreSQL do. */
function writeNumber(header: Buffer, offset: number, length: number, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new TarFormatError(`cannot store ${value} in a tar header`);
  const octal = value.toString(8);
  if (octal.length <= length - 1) {
    header.write(octal.padStart(length - 1, '0'), offset, 'latin1');
    header[offset + length - 1] = 0;
    return;
  }
  let rest = BigInt(value);
  for (let i = length - 1; i > 0; i--) {
    header[offset + i] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  header[offset] = 0x80;
}

function readNumber(block: Buffer, offset: number, length: number): number {
  const field = block.subarray(offset, offset + length);
  if ((field[0]! & 0x80) !== 0) {
    let value = BigInt(field[0]! & 0x7f);
    for (let i = 1; i < length; i++) value = (value << 8n) | BigInt(field[i]!);
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new TarFormatError('a tar header number is too large');
    return Number(value);
  }
  const text = field.toString('latin1').replace(/[\0 ]+$/, '').replace(/^[\0 ]+/, '');
  if (text === '') return 0;
  if (!/^[0-7]+$/.test(text)) throw new TarFormatError(`bad number in a tar header: ${JSON.stringify(text)}`);
  return parseInt(text, 8);
}

/** The header's byte sum with the checksum field counted as eight spaces. */
function checksum(block: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i]!;
  return sum;
}
