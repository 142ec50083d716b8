/** Open Library's id of an author ("OL23919A"), the key pre-loaded authors are matched by. */
const AUTHOR_ID = /^OL[1-9]\d{0,11}A$/;

/**
 * The id in any of the forms Open Library writes it: "OL23919A", its key "/authors/OL23919A" or its page
 * "https://openlibrary.org/authors/OL23919A/J._K._Rowling". Null for anything else.
 */
export function openLibraryAuthorIdOf(text: unknown): string | null {
  if (typeof text !== 'string') return null;
  const trimmed = text.trim();
  if (AUTHOR_ID.test(trimmed)) return trimmed;
  const inPath = /(?:^|\/)authors\/(OL[1-9]\d{0,11}A)(?:\/|$)/.exec(trimmed);
  return inPath ? inPath[1]! : null;
}
