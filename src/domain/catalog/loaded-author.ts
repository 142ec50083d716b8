import { searchTextOf } from '../shared/search-text.js';
import { cutText } from '../shared/text-length.js';
import { AUTHOR_ALIASES_MAX, AUTHOR_NAME_MAX } from './author.js';

/** A birth or death date as a catalogue writes it ("1892", "3 January 1892", "c. 1340"), kept as text, this long at most. */
export const AUTHOR_DATE_MAX = 100;

/**
 * An author of pre-loaded author data (Open Library's authors dump): not user-created, known by its Open Library id,
 * stored again only when the catalogue's revision of it is newer.
 */
export interface LoadedAuthor {
  /** "OL23919A". */
  openLibraryId: string;
  /** The catalogue's revision of the record. */
  revision: number;
  name: string;
  aliases: string[];
  /** Folded name and aliases, as every author's (`searchTextOf`). */
  nameSearch: string;
  birthDate: string | null;
  deathDate: string | null;
}

export interface LoadedAuthorFields {
  openLibraryId: string;
  revision: number;
  name: string;
  alternateNames: readonly string[];
  birthDate: string | null;
  deathDate: string | null;
}

/**
 * What is stored of a catalogue's author: the name and aliases an author may have (cut to their limits rather than
 * refused — the data is the catalogue's, not a user's typing), aliases once each and never the name again. Null for a
 * record without a name.
 */
export function loadedAuthor(fields: LoadedAuthorFields): LoadedAuthor | null {
  const name = cutText(tidy(fields.name), AUTHOR_NAME_MAX);
  if (name === '') return null;
  const aliases = [...new Set(fields.alternateNames.map((alias) => cutText(tidy(alias), AUTHOR_NAME_MAX)))]
    .filter((alias) => alias !== '' && alias !== name)
    .slice(0, AUTHOR_ALIASES_MAX);
  return {
    openLibraryId: fields.openLibraryId,
    revision: fields.revision,
    name,
    aliases,
    nameSearch: searchTextOf([name, ...aliases]),
    birthDate: dateText(fields.birthDate),
    deathDate: dateText(fields.deathDate),
  };
}

function tidy(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function dateText(text: string | null): string | null {
  const date = text === null ? '' : cutText(tidy(text), AUTHOR_DATE_MAX);
  return date === '' ? null : date;
}
