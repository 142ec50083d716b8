import type { EditionRepository } from '../../../src/application/catalog/ports/edition-repository.js';
import { Edition } from '../../../src/domain/catalog/edition.js';
import { DuplicateGtinError, DuplicateIsbnError } from '../../../src/domain/catalog/errors.js';
import type { PageRequest, PageSlice } from '../../../src/domain/shared/page.js';
import { keysetPage } from './keyset-page.js';

/** Editions in memory, as copies; `add` numbers a new edition and refuses an ISBN already taken, as the unique index does. */
export class InMemoryEditionRepository implements EditionRepository {
  private readonly rows = new Map<number, Edition>();
  private nextId = 1;

  /** Editions as if added earlier. */
  addExisting(...editions: Edition[]): this {
    for (const edition of editions) this.store(edition);
    return this;
  }

  get all(): Edition[] {
    return [...this.rows.values()].map(copyOf);
  }

  async findById(id: number): Promise<Edition | null> {
    const edition = this.rows.get(id);
    return edition ? copyOf(edition) : null;
  }

  async findByIsbn(isbn13: string): Promise<Edition | null> {
    const edition = [...this.rows.values()].find((e) => e.isbn === isbn13);
    return edition ? copyOf(edition) : null;
  }

  async add(edition: Edition): Promise<void> {
    const rows = [...this.rows.values()];
    if (edition.isbn !== null && rows.some((e) => e.isbn === edition.isbn)) throw new DuplicateIsbnError(edition.isbn);
    if (edition.gtin !== null && rows.some((e) => e.gtin === edition.gtin)) throw new DuplicateGtinError(edition.gtin);
    this.store(edition);
  }

  async pageOfBook(bookId: number, request: PageRequest): Promise<PageSlice<Edition>> {
    const page = keysetPage(
      [...this.rows.values()].filter((e) => e.bookId === bookId),
      (e) => e.id,
      'asc',
      request,
    );
    return { ...page, items: page.items.map(copyOf) };
  }

  private store(edition: Edition): void {
    if (edition.id === undefined) edition.id = this.nextId++;
    else this.nextId = Math.max(this.nextId, edition.id + 1);
    this.rows.set(edition.id, copyOf(edition));
  }
}

function copyOf(edition: Edition): Edition {
  return Object.assign(new Edition(), edition);
}
