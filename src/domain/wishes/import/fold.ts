import { normalizeForSearch } from '../../shared/search-text.js';
import { authorFromLastFirst } from './author-names.js';
import { splitTitleSeries } from './title-series.js';

/**
 * Keys for matching an imported row against the catalogue: two spellings of one title or one name fold to
 * the same text. Built on `normalizeForSearch` (case, accents, ß…), so a key also compares with the stored
 * search columns' folding.
 */

/** "Ninth House (Alex Stern, #1)", "NINTH HOUSE" and "Ninth House." → "ninth house". */
export function foldTitle(title: string): string {
  return foldWords(splitTitleSeries(title).title ?? '');
}

/** "Le Guin, Ursula K.", "Ursula K. Le Guin" and "URSULA K LE GUIN" → "ursula k le guin"; "J.R.R." = "J. R. R." */
export function foldAuthor(name: string): string {
  const words = foldWords(authorFromLastFirst(name) ?? '').split(' ');
  // Initials written with or without spaces ("J.R.R.", "J. R. R.") become one word, "jrr".
  const joined: string[] = [];
  let previousWasInitial = false;
  for (const word of words) {
    const initial = word.length === 1;
    if (initial && previousWasInitial) joined[joined.length - 1] += word;
    else joined.push(word);
    previousWasInitial = initial;
  }
  return joined.join(' ');
}

/** Apostrophes join ("Xi'an" → "xian"); every other punctuation mark separates words. */
function foldWords(text: string): string {
  return normalizeForSearch(text)
    .replace(/['’ʼ`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
