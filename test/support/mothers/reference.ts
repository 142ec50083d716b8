import type { BookType, FlatOntologyNode, Genre, Language, Store } from '../../../src/domain/reference/reference-data.js';

export function aLanguage(overrides: Partial<Language> = {}): Language {
  return { id: 1, code: 'de', name: 'German', ...overrides };
}

export function aBookType(overrides: Partial<BookType> = {}): BookType {
  return { id: 1, name: 'Fiction', ...overrides };
}

export function aGenre(overrides: Partial<Genre> = {}): Genre {
  return { id: 1, typeId: 1, name: 'Novella', ...overrides };
}

/** An active German store selling paperbacks and hardcovers in euros. */
export function aStore(overrides: Partial<Store> = {}): Store {
  const id = overrides.id ?? 2;
  return {
    id,
    name: `Store ${id}`,
    country: 'DE',
    currency: 'EUR',
    formats: ['paperback', 'hardcover'],
    homepageUrl: `https://store-${id}.example`,
    isActive: true,
    ...overrides,
  };
}

/** A root node of type 1, genre 1 unless told. */
export function anOntologyNode(overrides: Partial<FlatOntologyNode> = {}): FlatOntologyNode {
  return { id: 1, parentId: null, name: 'Classics', typeId: 1, genreId: 1, ...overrides };
}
