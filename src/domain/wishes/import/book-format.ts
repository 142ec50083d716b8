import { normalizeForSearch } from '../../shared/search-text.js';
import type { ImportFormat } from './import-format.js';

/**
 * Words of a binding, format or media cell, in the order they are tried: audio first, because "Audible Audio"
 * and "MP3 CD" are audiobooks whatever else they say; then electronic ("Kindle Edition", StoryGraph's
 * "digital", Calibre's file types); then the two printed bindings, in English and in the languages the
 * LibraryThing and Amazon exports of European users carry ("Broché", "Taschenbuch", "Relié"…).
 */
const FORMAT_WORDS: ReadonlyArray<readonly [ImportFormat, RegExp]> = [
  ['audiobook', /\b(?:audio\w*|audible|mp3|m4[ab]|aac|flac|ogg|opus|horbuch|horbucher)\b/],
  ['ebook', /\b(?:e ?books?|kindle|nook|kobo|digital|electronic|epub|mobi|azw\d?|kfx|pdf|fb2|djvu|cb[zr])\b/],
  ['paperback', /\b(?:paperback|softcover|soft cover|softback|paper back|pocket|poche|broche|taschenbuch|kartoniert|brossura|tapa blanda|mass market)\b/],
  ['hardcover', /\b(?:hardcover|hardback|hard cover|hardbound|library binding|relie|gebunden\w*|tapa dura|cartonato|leather ?bound|board book)\b/],
];

/** The format a cell names, or null for "Unknown Binding", "Book", "Physical Book" and anything else. */
export function formatOf(...cells: ReadonlyArray<string | undefined>): ImportFormat | null {
  for (const cell of cells) {
    if (cell === undefined || cell.trim() === '') continue;
    const words = normalizeForSearch(cell).replace(/[-_/]+/g, ' ');
    for (const [format, pattern] of FORMAT_WORDS) if (pattern.test(words)) return format;
  }
  return null;
}
