import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import type { ReadableLanguageRepository } from '../../../application/preferences/ports/readable-language-repository.js';
import type { Language } from '../../../domain/reference/reference-data.js';
import type { PageRequest, PageSlice } from '../../../domain/shared/page.js';
import { LanguageAlreadyAddedError } from '../../../domain/wishes/errors.js';
import { queryPage } from '../../kits/sql/keyset.js';
import { OrmEntityManager } from '../orm-tokens.js';
import { languageFromRow } from './sql-reference-catalog.js';

@injectable()
export class SqlReadableLanguageRepository implements ReadableLanguageRepository {
  constructor(@inject(OrmEntityManager) private readonly em: EntityManager) {}

  page(userId: number, request: PageRequest): Promise<PageSlice<Language>> {
    return queryPage(
      this.em,
      {
        selectFrom: 'select l.* from user_language ul join language l on l.language_id = ul.language_id',
        filters: [['ul.user_id = ?', [userId]]],
        key: 'l.language_id',
        order: 'asc',
      },
      request,
      languageFromRow,
    );
  }

  async add(userId: number, languageId: number): Promise<void> {
    const result = await this.em.execute<{ affectedRows: number }>(
      'insert into user_language (user_id, language_id) values (?, ?) on conflict do nothing',
      [userId, languageId],
      'run',
    );
    if (result.affectedRows === 0) throw new LanguageAlreadyAddedError(languageId);
  }

  async remove(userId: number, languageId: number): Promise<boolean> {
    const result = await this.em.execute<{ affectedRows: number }>(
      'delete from user_language where user_id = ? and language_id = ?',
      [userId, languageId],
      'run',
    );
    return result.affectedRows > 0;
  }
}
