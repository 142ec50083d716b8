// One line of Open Library's authors dump (`ol_dump_authors_YYYY-MM-DD.txt.gz`, https://openlibrary.org/developers/dumps):
// five tab-separated columns — type ("/type/author"), key ("/authors/OL23919A"), revision, last modified, and the
// record as JSON ({"name", "alternate_names", "birth_date", "death_date", "personal_name", ...}). Tabs inside the JSON
// are escaped, so the first four tabs split the columns.
import type { AuthorDumpRecord } from '../../application/catalog/ports/author-dump.js';
import { loadedAuthor } from '../../domain/catalog/loaded-author.js';
import { openLibraryAuthorIdOf } from '../../domain/catalog/open-library-author-id.js';

export const AUTHOR_TYPE = '/type/author';

/** How much of a bad line its reason quotes. */
const QUOTED = 60;

export function parseAuthorDumpLine(line: string): AuthorDumpRecord {
  const columns = splitColumns(line);
  if (columns === null) return bad('not five tab-separated columns', line);
  const [type, key, revisionText, , json] = columns;
  if (type !== AUTHOR_TYPE) return type.startsWith('/type/') ? { kind: 'other', type } : bad('unknown record type', type);
  const openLibraryId = openLibraryAuthorIdOf(key);
  if (openLibraryId === null || !key.startsWith('/authors/')) return bad('not an author key', key);
  const revision = /^\d{1,9}$/.test(revisionText) ? Number(revisionText) : NaN;
  if (!Number.isSafeInteger(revision) || revision < 1) return bad('not a revision number', revisionText);
  let record: unknown;
  try {
    record = JSON.parse(json);
  } catch {
    return bad('the record is not JSON', json);
  }
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return bad('the record is not a JSON object', json);
  const fields = record as Record<string, unknown>;
  const author = loadedAuthor({
    openLibraryId,
    revision,
    name: text(fields.name) ?? text(fields.personal_name) ?? '',
    alternateNames: Array.isArray(fields.alternate_names) ? fields.alternate_names.flatMap((n) => text(n) ?? []) : [],
    birthDate: text(fields.birth_date),
    deathDate: text(fields.death_date),
  });
  return author === null ? bad('the record has no name', json) : { kind: 'author', author };
}

function splitColumns(line: string): [string, string, string, string, string] | null {
  const columns: string[] = [];
  let from = 0;
  for (let i = 0; i < 4; i++) {
    const tab = line.indexOf('\t', from);
    if (tab < 0) return null;
    columns.push(line.slice(from, tab));
    from = tab + 1;
  }
  columns.push(line.slice(from));
  return columns as [string, string, string, string, string];
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function bad(reason: string, quoted: string): AuthorDumpRecord {
  const shown = quoted.length > QUOTED ? `${quoted.slice(0, QUOTED)}…` : quoted;
  return { kind: 'bad', reason: `${reason}: ${JSON.stringify(shown)}` };
}
