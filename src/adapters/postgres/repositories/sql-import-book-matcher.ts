import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import type { ImportBookMatcher, TitleMatchCandidate } from '../../../application/wishes/ports/import-book-matcher.js';
import { matchKeyOf } from '../../../domain/shared/search-text.js';
import { OrmEntityManager } from '../orm-tokens.js';
import { executeBound } from '../../kits/sql/select-rows.js';
import { textArray, toId } from './row-mapping.js';

@injectable()
export class SqlImportBookMatcher implements ImportBookMatcher {
  constructor(@inject(OrmEntityManager) private readonly em: EntityManager) {}

  async booksByIsbn(isbns: readonly string[]): Promise<Map<string, number>> {
    if (isbns.length === 0) return new Map();
    const rows = await executeBound(this.em, 'select e.isbn, e.book_id from edition e where e.isbn = any(?::text[])', [textArray(isbns)]);
    return new Map(rows.map((r) => [String(r.isbn), toId(r.book_id)]));
  }

  async booksByGtin(gtins: readonly string[]): Promise<Map<string, number>> {
    if (gtins.length === 0) return new Map();
    const rows = await executeBound(this.em, 'select e.gtin, e.book_id from edition e where e.gtin = any(?::text[])', [textArray(gtins)]);
    return new Map(rows.map((r) => [String(r.gtin), toId(r.book_id)]));
  }

  async booksByTitle(titleKeys: readonly string[]): Promise<Map<string, TitleMatchCandidate[]>> {
    const result = new Map<string, TitleMatchCandidate[]>();
    if (titleKeys.length === 0) return result;
    const rows = await executeBound(this.em, 
      `select b.book_id, b.title_key,
         coalesce(array_agg(a.name_search) filter (where a.author_id is not null), '{}') as author_names
       from book b
       left join book_author ba on ba.book_id = b.book_id
       left join author a on a.author_id = ba.author_id
       where b.title_key = any(?::text[])
       group by b.book_id, b.title_key`,
      [textArray(titleKeys)],
    );
    for (const row of rows) {
      const title = String(row.title_key);
      // name_search joins a name and its aliases with \u0001; each is keyed once here, not once per row matched.
      const authorKeys = (row.author_names as string[]).flatMap((n) => n.split('\u0001').map(matchKeyOf));
      const list = result.get(title) ?? [];
      list.push({ bookId: toId(row.book_id), authorKeys });
      result.set(title, list);
    }
    return result;
  }
}
