import { describe, expect, it } from 'vitest';
import { evidenceSentence, SOURCE_WORDS } from '../../../../src/adapters/web/client/price-evidence-words.js';
import { EXTRACTION_SOURCES } from '../../../../src/adapters/stores/extraction/types.js';

describe('a quote’s evidence in words', () => {
  it('has words for every source of a page', () => {
    expect(Object.keys(SOURCE_WORDS).sort()).toEqual([...EXTRACTION_SOURCES].sort());
  });

  it('says where the price was read and which other parts of the page agree', () => {
    expect(evidenceSentence('json-ld offers.price "12.99" EUR; visible .price "12,99 €" agrees')).toBe(
      "Read from the store's structured data; the page's visible price agrees.",
    );
    expect(evidenceSentence('microdata 12.99 EUR; meta 12.99 agrees; visible 12.99 agrees')).toBe(
      "Read from the page's product markup; the page's price tags and the page's visible price agree.",
    );
    expect(evidenceSentence('visible 12.99 EUR')).toBe("Read from the page's visible price.");
  });

  it('says when the store’s settings trust the source and when another price was set aside', () => {
    expect(evidenceSentence('json-ld 12.99 EUR (trusted); meta 10.92 EUR set aside')).toBe(
      "Read from the store's structured data, which this store's settings trust; another price on the page was set aside.",
    );
  });

  it('says nothing without evidence, and reads a capped line up to its end', () => {
    expect(evidenceSentence(null)).toBeNull();
    expect(evidenceSentence(undefined)).toBeNull();
    expect(evidenceSentence('')).toBeNull();
    expect(evidenceSentence('selectors .price "£9.99" GBP; json-ld 9.99 agrees; …')).toBe(
      "Read from the price element set up for this store; the store's structured data agrees.",
    );
  });
});
