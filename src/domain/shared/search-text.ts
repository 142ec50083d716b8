/**
 * Folds text for case- and accent-insensitive matching: "Tolkién", "TOLKIEN" and "tolkien" all become "tolkien".
 * Stored search columns and incoming `q` go through the same function, so both sides always agree.
 */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    // Control characters (including the name/alias separator) must never join words across fields.
    .replace(/\p{Cc}/gu, ' ')
    .replace(/[ßẞ]/g, 'ss')
    .replace(/[Đđ]/g, 'd')
    .replace(/[Øø]/g, 'o')
    .replace(/[Łł]/g, 'l')
    .replace(/[Ææ]/g, 'ae')
    .replace(/[Œœ]/g, 'oe')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** What separates a name from its aliases in a searchable text: a control character, which no query holds. */
export const SEARCH_TEXT_SEPARATOR = '\u0001';

/** Joins several names (a name and its aliases) into one searchable text; the separator never matches a query. */
export function searchTextOf(parts: readonly string[]): string {
  return parts.map(normalizeForSearch).join(SEARCH_TEXT_SEPARATOR);
}

/**
 * Folds a title or a name further, for matching one written two ways: on top of case and accents, apostrophes inside a
 * word vanish ("Ender's" = "Enders"), "&" reads "and", and every other run of punctuation or symbols is one space.
 * "The Philosopher's Stone: Book 1" and "the philosophers stone - book 1" share a key.
 */
export function matchKeyOf(text: string): string {
  return normalizeForSearch(text)
    .replace(/(?<=[\p{L}\p{N}])['’ʼ`´](?=\p{L})/gu, '')
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
