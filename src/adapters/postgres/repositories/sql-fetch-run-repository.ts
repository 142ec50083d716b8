import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import type { CreatedRun, FetchRunRepository, FetchTask, RunProgress, SettledTask } from '../../../application/pricing/ports/fetch-runs.js';
import { OrmEntityManager } from '../orm-tokens.js';
import { type Row, toDate, toId } from './row-mapping.js';

// What the daily fetch covers (C6.3): editions of monitored wishes' books and of books on lists, at active stores
// selling their format.
const CREATE_RUN = `
with targets as materialized (
  select e.edition_id, e.book_id, s.store_id
  from edition e
  join store s on s.is_active and e.format = any(s.formats)
  where e.book_id in (select w.book_id from wish w where w.is_monitored union select i.book_id from book_list_item i)
),
run as (
  insert into fetch_run (trigger, book_count, store_count, task_count)
  select ?, count(distinct t.book_id), count(distinct t.store_id), count(*) from targets t
  returning fetch_run_id, book_count, store_count, task_count
),
tasks as (
  insert into fetch_task (fetch_run_id, edition_id, store_id)
  select run.fetch_run_id, t.edition_id, t.store_id from targets t cross join run
  returning 1
)
select run.*, (select count(*) from tasks) as inserted from run`;

// Settling is conditional on the task still being pending, so a job the queue delivers twice counts once; the
// run row's lock orders concurrent settles, so exactly one of them sees the last task settle.
const SETTLE = `
with task as (
  update fetch_task set status = ? where fetch_run_id = ? and edition_id = ? and store_id = ? and status in ('pending', 'running')
  returning status
),
run as (
  update fetch_run r set
    succeeded = r.succeeded + (select count(*) from task where status = 'succeeded'),
    failed = r.failed + (select count(*) from task where status = 'failed'),
    completed_at = case when r.succeeded + r.failed + 1 = r.task_count then now() else r.completed_at end
  where r.fetch_run_id = ? and exists (select 1 from task)
  returning r.succeeded, r.failed, r.task_count, r.started_at, r.completed_at
)
select * from run`;

/** Longer than a task can take (timeout × attempts), shorter than the queue's retry backoff reaches. */
const CLAIM_LEASE_SECONDS = 120;

@injectable()
export class SqlFetchRunRepository implements FetchRunRepository {
  constructor(@inject(OrmEntityManager) private readonly em: EntityManager) {}

  async createRun(trigger: string): Promise<CreatedRun> {
    const [row] = await this.em.execute<Row[]>(CREATE_RUN, [trigger]);
    return {
      runId: toId(row!.fetch_run_id),
      bookCount: Number(row!.book_count),
      storeCount: Number(row!.store_count),
      taskCount: Number(row!.task_count),
    };
  }

  async tasksOf(runId: number): Promise<FetchTask[]> {
    const rows = await this.em.execute<Row[]>(
      "select edition_id, store_id from fetch_task where fetch_run_id = ? and status = 'pending' order by edition_id, store_id",
      [runId],
    );
    return rows.map((r) => ({ runId, editionId: toId(r.edition_id), storeId: toId(r.store_id) }));
  }

  async claim(task: FetchTask): Promise<boolean> {
    const rows = await this.em.execute<Row[]>(
      `update fetch_task set status = 'running', claimed_at = now()
       where fetch_run_id = ? and edition_id = ? and store_id = ?
         and (status = 'pending' or (status = 'running' and claimed_at < now() - make_interval(secs => ?)))
       returning 1`,
      [task.runId, task.editionId, task.storeId, CLAIM_LEASE_SECONDS],
    );
    return rows.length > 0;
  }

  async release(task: FetchTask): Promise<void> {
    await this.em.execute(
      "update fetch_task set status = 'pending', claimed_at = null where fetch_run_id = ? and edition_id = ? and store_id = ? and status = 'running'",
      [task.runId, task.editionId, task.storeId],
    );
  }

  async progress(runId: number): Promise<RunProgress> {
    const [row] = await this.em.execute<Row[]>('select task_count, succeeded, failed, completed_at from fetch_run where fetch_run_id = ?', [runId]);
    return {
      taskCount: Number(row?.task_count ?? 0),
      succeeded: Number(row?.succeeded ?? 0),
      failed: Number(row?.failed ?? 0),
      completed: row?.completed_at !== null && row?.completed_at !== undefined,
    };
  }

  async settle(task: FetchTask, outcome: 'succeeded' | 'failed'): Promise<SettledTask> {
    const rows = await this.em.execute<Row[]>(SETTLE, [outcome, task.runId, task.editionId, task.storeId, task.runId]);
    const run = rows[0];
    if (!run) return { settledNow: false, completedRun: null };
    const done = Number(run.succeeded) + Number(run.failed) === Number(run.task_count);
    return {
      settledNow: true,
      completedRun: done ? { succeeded: Number(run.succeeded), failed: Number(run.failed), startedAt: toDate(run.started_at) } : null,
    };
  }
}
