import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import type { AuthorFilter, AuthorRepository } from '../../../application/catalog/ports/author-repository.js';
import { Author } from '../../../domain/catalog/author.js';
import { AuthorInUseError } from '../../../domain/catalog/errors.js';
import type { PageRequest, PageSlice } from '../../../domain/shared/page.js';
import { likeContains, type PageQuery, queryPage } from '../../kits/sql/keyset.js';
import type { SqlRead } from '../../kits/sql/select-rows.js';
import { OrmEntityManager } from '../orm-tokens.js';
import { isForeignKeyViolation } from '../pg-errors.js';
import { authorPageByWords, isWordPattern } from './author-matches.js';
import { bigintArray, hydrate, type Row, toDate, toId } from './row-mapping.js';
import { SEARCH_TIMEOUT_MS, withinSearchTimeout } from './search-timeout.js';
import { type ContainsSearch, containsMatches, DEFAULT_TITLE_WALK } from './title-search.js';

const AUTHOR_NAMES: ContainsSearch = { table: 'author', key: 'author_id', text: 'name_search' };

@injectable()
export class MikroOrmAuthorRepository implements AuthorRepository {
  constructor(@inject(OrmEntityManager) private readonly em: EntityManager) {}

  findById(id: number): Promise<Author | null> {
    return this.em.findOne(Author, { id });
  }

  async findMissingIds(ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.em.execute<Row[]>(
      `select w.id from unnest(?::bigint[]) as w(id) where not exists (select 1 from author a where a.author_id = w.id)`,
      [bigintArray(ids)],
    );
    return rows.map((r) => toId(r.id));
  }

  async save(author: Author): Promise<void> {
    this.em.persist(author);
    await this.em.flush();
  }

  async delete(author: Author): Promise<void> {
    try {
      this.em.remove(author);
      await this.em.flush();
    } catch (error) {
      if (isForeignKeyViolation(error)) throw new AuthorInUseError(author.id);
      throw error;
    }
  }

  async page(filter: AuthorFilter, request: PageRequest): Promise<PageSlice<Author>> {
    const filters: PageQuery['filters'] = [];
    // Listed ids read the primary key; the search pattern is then checked on those rows alone.
    if (filter.ids) filters.push(['a.author_id = any(?::bigint[])', [bigintArray(filter.ids)]]);
    if (filter.search && !filter.ids) {
      // A search alone finds its page's ids from the author words, or as a title search does (containsMatches: a bounded
      // walk of the key, else the trigram index): left to PostgreSQL, a rare term over millions of pre-loaded authors
      // walked the whole key.
      // Under the search's statement timeout, as a book search: a pathological term answers 503, never holds a connection.
      const search = filter.search;
      return withinSearchTimeout(this.em, SEARCH_TIMEOUT_MS, async ({ read, readLast }) => {
        const pattern = likeContains(search);
        // A one-word term through the author words (author-matches.ts), unless too many words contain it.
        const byWords = isWordPattern(pattern) ? await authorPageByWords(read, pattern, request) : null;
        const ids = byWords ?? (await containsMatches(read, AUTHOR_NAMES, pattern, request, DEFAULT_TITLE_WALK));
        return this.authorPage(readLast, [...filters, ['a.author_id = any(?::bigint[])', [bigintArray(ids)]]], request);
      });
    }
    if (filter.search) filters.push(['a.name_search like ?', [likeContains(filter.search)]]);
    return this.authorPage(this.em, filters, request);
  }

  private authorPage(db: EntityManager | SqlRead, filters: PageQuery['filters'], request: PageRequest): Promise<PageSlice<Author>> {
    return queryPage(
      db,
      {
        selectFrom: 'select a.* from author a',
        filters,
        key: 'a.author_id',
        order: 'asc',
      },
      request,
      authorFromRow,
    );
  }
}

function authorFromRow(row: Row): Author {
  return hydrate(Author, {
    id: toId(row.author_id),
    name: String(row.author_name),
    aliases: (row.aliases as string[] | null) ?? [],
    isUserCreated: Boolean(row.is_user_created),
    nameSearch: String(row.name_search),
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
  });
}
