import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import type { ScheduledRuns } from '../../../application/pricing/ports/scheduled-runs.js';
import { OrmEntityManager } from '../orm-tokens.js';
import type { Row } from './row-mapping.js';

@injectable()
export class SqlScheduledRuns implements ScheduledRuns {
  constructor(@inject(OrmEntityManager) private readonly em: EntityManager) {}

  /** The primary key (job, scheduled_for) lets exactly one instance's insert through. */
  async claim(job: string, scheduledFor: Date, instanceId: string): Promise<boolean> {
    const rows = await this.em.execute<Row[]>(
      'insert into scheduled_run (job, scheduled_for, claimed_by) values (?, ?, ?) on conflict do nothing returning job',
      [job, scheduledFor.toISOString(), instanceId],
    );
    return rows.length > 0;
  }
}
