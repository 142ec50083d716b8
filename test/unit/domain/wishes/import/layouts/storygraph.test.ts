import { describe, expect, it } from 'vitest';
import { parseWishImport } from '../../../../../../src/domain/wishes/import/parse-wish-import.js';
import { expectedCandidate as candidate } from '../expected-candidate.js';
import { fixtureBytes } from '../fixture-files.js';

describe('StoryGraph export', () => {
  const result = parseWishImport(fixtureBytes('storygraph/storygraph_export.csv'));

  it('reads the to-read rows: every listed author, the format, never the contributors', () => {
    expect(result.layout).toBe('storygraph');
    expect(result.candidates).toEqual([
      candidate({ line: 2, isbns: ['9781635575637'], title: 'Piranesi', authors: ['Susanna Clarke'], format: 'hardcover' }),
      // Ken Liu is credited as translator in "Contributors": not an author.
      candidate({ line: 3, isbns: ['9780765382030'], title: 'The Three-Body Problem', authors: ['Cixin Liu'], format: 'paperback' }),
      candidate({
        line: 4,
        isbns: ['9780520227354'],
        title: 'Always Coming Home',
        authors: ['Ursula K. Le Guin', 'Todd Barton', 'Margaret Chodos-Irvine'],
      }),
      // A StoryGraph UID instead of an ISBN: the title is left to match by.
      candidate({ line: 5, title: 'Mistborn: The Final Empire', authors: ['Brandon Sanderson'], format: 'audiobook' }),
      candidate({ line: 8, isbns: ['9780316300148'], title: 'The Ministry for the Future', authors: ['Kim Stanley Robinson'], format: 'ebook' }),
    ]);
  });

  it('skips read and did-not-finish rows; reports the row with neither title nor ISBN', () => {
    expect(result.skipped).toBe(2);
    expect(result.invalid).toEqual([{ line: 10, message: 'no ISBN and no title ("not-an-isbn" is not an ISBN)' }]);
  });
});
