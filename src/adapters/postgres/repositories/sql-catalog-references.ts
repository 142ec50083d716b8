import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import type { CatalogReferences } from '../../../application/catalog/ports/catalog-references.js';
import { OrmEntityManager } from '../orm-tokens.js';

@injectable()
export class SqlCatalogReferences implements CatalogReferences {
  constructor(@inject(OrmEntityManager) private readonly em: EntityManager) {}

  languageExists(languageId: number): Promise<boolean> {
    return this.exists('select 1 from language where language_id = ?', [languageId]);
  }

  typeExists(typeId: number): Promise<boolean> {
    return this.exists('select 1 from type where type_id = ?', [typeId]);
  }

  genreBelongsToType(genreId: number, typeId: number): Promise<boolean> {
    return this.exists('select 1 from genre where genre_id = ? and type_id = ?', [genreId, typeId]);
  }

  private async exists(sql: string, params: unknown[]): Promise<boolean> {
    const rows = await this.em.execute<unknown[]>(sql, params);
    return rows.length > 0;
  }
}
