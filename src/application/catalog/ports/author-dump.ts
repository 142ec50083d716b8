import type { LoadedAuthor } from '../../../domain/catalog/loaded-author.js';

/** One line of an author dump, read: an author, a record of another type (skipped), or a line that cannot be read. */
export type AuthorDumpRecord =
  | { kind: 'author'; author: LoadedAuthor }
  | { kind: 'other'; type: string }
  | { kind: 'bad'; reason: string };

export type AuthorDumpEntry = AuthorDumpRecord & {
  /** 1-based line number in the file. */
  line: number;
};

/**
 * A file of pre-loaded author data (Open Library's authors dump), read as a stream: its memory does not grow with the
 * file. Not bound in the container: the job opens the file it is given.
 */
export interface AuthorDump {
  /** Names the file for resuming a load: the same file gives the same key, another file another. */
  readonly key: string;
  /** Size of the file in bytes, for progress. */
  readonly size: number;
  /** Bytes of the file read so far. */
  bytesRead(): number;
  /** Every line after `afterLine` (0: from the top), in order; lines up to `afterLine` are passed over unread. */
  entries(afterLine: number): AsyncIterable<AuthorDumpEntry>;
}
