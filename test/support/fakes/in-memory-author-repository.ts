import type { AuthorFilter, AuthorRepository } from '../../../src/application/catalog/ports/author-repository.js';
import { Author } from '../../../src/domain/catalog/author.js';
import { AuthorInUseError } from '../../../src/domain/catalog/errors.js';
import type { PageRequest, PageSlice } from '../../../src/domain/shared/page.js';
import { keysetPage } from './keyset-page.js';

/**
 * Authors in memory. Stores and hands out copies, so a change the use case does not save is not kept. `save` numbers
 * a new author; `delete` refuses an author `markInUse` named (a book references it). `filters` keeps every page
 * filter asked for; a search matches the folded name or an alias.
 */
export class InMemoryAuthorRepository implements AuthorRepository {
  readonly filters: AuthorFilter[] = [];
  private readonly rows = new Map<number, Author>();
  private readonly inUse = new Set<number>();
  private nextId = 1;

  add(...authors: Author[]): this {
    for (const author of authors) this.store(author);
    return this;
  }

  markInUse(authorId: number): this {
    this.inUse.add(authorId);
    return this;
  }

  stored(id: number): Author | undefined {
    const author = this.rows.get(id);
    return author && copyOf(author);
  }

  get all(): Author[] {
    return [...this.rows.values()].map(copyOf);
  }

  async findById(id: number): Promise<Author | null> {
    return this.stored(id) ?? null;
  }

  /** Every id given that names no author, repeats and all (SQL unnests the list as given). */
  async findMissingIds(ids: readonly number[]): Promise<number[]> {
    return ids.filter((id) => !this.rows.has(id));
  }

  async save(author: Author): Promise<void> {
    this.store(author);
  }

  async delete(author: Author): Promise<void> {
    if (this.inUse.has(author.id)) throw new AuthorInUseError(author.id);
    this.rows.delete(author.id);
  }

  async page(filter: AuthorFilter, request: PageRequest): Promise<PageSlice<Author>> {
    this.filters.push({ ...filter });
    const matching = [...this.rows.values()].filter(
      (a) =>
        (filter.search === undefined || a.nameSearch.split('\u0001').some((name) => name.includes(filter.search!))) &&
        (filter.ids === undefined || filter.ids.includes(a.id)),
    );
    const page = keysetPage(matching, (a) => a.id, 'asc', request);
    return { ...page, items: page.items.map(copyOf) };
  }

  private store(author: Author): void {
    if (author.id === undefined) author.id = this.nextId++;
    else this.nextId = Math.max(this.nextId, author.id + 1);
    this.rows.set(author.id, copyOf(author));
  }
}

function copyOf(author: Author): Author {
  return Object.assign(new Author(), author, { aliases: [...author.aliases] });
}
