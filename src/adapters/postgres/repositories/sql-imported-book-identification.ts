import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import type {
  BookToIdentify,
  FoundEdition,
  ImportedBookIdentification,
} from '../../../application/catalog/ports/imported-book-identification.js';
import { OrmEntityManager } from '../orm-tokens.js';
import { executeBound } from '../../kits/sql/select-rows.js';
import { bigintArray, toId } from './row-mapping.js';
import { EDITION_DRAFT_COLUMNS, EDITION_DRAFT_RECORDS, EDITION_DRAFT_VALUES, editionDraftRecord } from './sql-edition-drafts.js';

const PENDING = `
select b.book_id, b.book_original_title,
       array(select a.author_name from book_author ba join author a using (author_id)
             where ba.book_id = b.book_id order by ba.position) as authors
from book b
where b.edition_search_pending
order by b.book_id
limit ?`;

// A book that has an edition by now keeps it alone; an ISBN that is another book's is skipped.
const ATTACH = `
insert into edition (${EDITION_DRAFT_COLUMNS})
select ${EDITION_DRAFT_VALUES}
from ${EDITION_DRAFT_RECORDS}
where not exists (select 1 from edition x where x.book_id = r.book_id)
on conflict (isbn) do nothing
returning book_id`;

@injectable()
export class SqlImportedBookIdentification implements ImportedBookIdentification {
  constructor(@inject(OrmEntityManager) private readonly em: EntityManager) {}

  async pending(limit: number): Promise<BookToIdentify[]> {
    const rows = await executeBound(this.em, PENDING, [limit]);
    return rows.map((row) => ({ bookId: toId(row.book_id), title: String(row.book_original_title), authors: (row.authors as string[]) ?? [] }));
  }

  async settle(outcomes: ReadonlyArray<{ bookId: number; edition: FoundEdition | null }>): Promise<number> {
    if (outcomes.length === 0) return 0;
    const found = outcomes.flatMap(({ bookId, edition }) => (edition === null ? [] : [editionDraftRecord(bookId, edition)]));
    const attached = found.length > 0 ? await executeBound(this.em, ATTACH, [JSON.stringify(found)]) : [];
    await executeBound(this.em, 'update book set edition_search_pending = false where book_id = any(?::bigint[])', [
      bigintArray(outcomes.map((outcome) => outcome.bookId)),
    ]);
    return attached.length;
  }
}
