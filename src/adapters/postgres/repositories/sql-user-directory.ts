import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import type { UserClaims, UserDirectory } from '../../../application/users/user-directory.js';
import { OrmEntityManager } from '../orm-tokens.js';
import { type Row, toId } from './row-mapping.js';

const CACHE_MAX = 10_000;

/** Upserts a user once per process per (subject, email, name); later requests are answered from memory. */
@injectable()
export class SqlUserDirectory implements UserDirectory {
  private readonly known = new Map<string, number>();

  constructor(@inject(OrmEntityManager) private readonly em: EntityManager) {}

  async ensure(claims: UserClaims): Promise<number> {
    const cacheKey = JSON.stringify([claims.subject, claims.email, claims.name]);
    const cached = this.known.get(cacheKey);
    if (cached !== undefined) return cached;
    const rows = await this.em.execute<Row[]>(
      `insert into app_user (subject, email, display_name) values (?, ?, ?)
       on conflict (subject) do update set email = excluded.email, display_name = excluded.display_name, updated_at = now()
       returning user_id`,
      [claims.subject, claims.email, claims.name],
    );
    const userId = toId(rows[0]?.user_id);
    if (this.known.size >= CACHE_MAX) this.known.clear();
    this.known.set(cacheKey, userId);
    return userId;
  }
}
