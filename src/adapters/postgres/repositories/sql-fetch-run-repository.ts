import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import {
  type ClaimedTask,
  type CreatedRun,
  type FetchRunRepository,
  type FetchTask,
  type RunProgress,
  type SettledBundle,
  type TaskOutcome,
  type TaskPosition,
  taskKey,
} from '../../../application/pricing/ports/fetch-runs.js';
import { selectPrepared } from '../../kits/sql/select-rows.js';
import { OrmEntityManager } from '../orm-tokens.js';
import { bigintArray, type Row, textArray, toDate, toId, toNullableId } from './row-mapping.js';
import { STORE_ASKS_EDITION, targetFromRow } from './sql-pricing-repository.js';

// What the daily fetch covers: editions of monitored wishes' books and of books on lists, at active stores
// selling their format that can address them.
const CREATE_RUN = `
with targets as materialized (
  select e.edition_id, e.book_id, s.store_id
  from edition e
  join store s on ${STORE_ASKS_EDITION}
  where e.book_id in (select w.book_id from wish w where w.is_monitored union select i.book_id from book_list_item i)
),
run as (
  insert into fetch_run (trigger, book_count, store_count, task_count, completed_at)
  select ?, count(distinct t.book_id), count(distinct t.store_id), count(*), case when count(*) = 0 then now() end from targets t
  returning fetch_run_id, book_count, store_count, task_count
),
tasks as (
  insert into fetch_task (fetch_run_id, edition_id, store_id)
  select run.fetch_run_id, t.edition_id, t.store_id from targets t cross join run
  returning 1
)
select run.*, (select count(*) from tasks) as inserted from run`;

// Claims the bundle's open tasks (pending, or running under a lapsed claim) and reads their targets, in one
// statement. A task whose store is no longer active, no longer sells the format or can no longer address the edition
// is claimed without a target.
const CLAIM = `
with claimed as (
  update fetch_task f set status = 'running', claimed_at = now()
  from unnest(?::bigint[], ?::bigint[]) as t(edition_id, store_id)
  where f.fetch_run_id = ? and f.edition_id = t.edition_id and f.store_id = t.store_id
    and (f.status = 'pending' or (f.status = 'running' and f.claimed_at < now() - make_interval(secs => ?)))
  returning f.edition_id, f.store_id
)
select c.edition_id, c.store_id, e.book_id, s.store_key, s.currency, s.extraction, e.isbn, e.gtin, s.product_url_template
from claimed c
left join edition e on e.edition_id = c.edition_id
left join store s on s.store_id = c.store_id and ${STORE_ASKS_EDITION}
order by c.edition_id, c.store_id`;

// In key order, as every statement that locks tasks of a run does, so two holders never wait on each other in a circle.
const LOCK_OPEN = `
select f.edition_id, f.store_id from fetch_task f
join unnest(?::bigint[], ?::bigint[]) as t(edition_id, store_id) on f.edition_id = t.edition_id and f.store_id = t.store_id
where f.fetch_run_id = ? and f.status in ('pending', 'running')
order by f.edition_id, f.store_id
for update of f`;

const RELEASE = `
update fetch_task f set status = 'pending', claimed_at = null
from unnest(?::bigint[], ?::bigint[]) as t(edition_id, store_id)
where f.fetch_run_id = ? and f.edition_id = t.edition_id and f.store_id = t.store_id and f.status = 'running'`;

// Settling is conditional on a task still being open, so a job the queue delivers twice counts once. The run's
// counters move once per bundle; the run row's lock orders concurrent settles, so exactly one of them sees the
// last task settle.
const SETTLE = `
with outcome as (
  select * from unnest(?::bigint[], ?::bigint[], ?::text[]) as o(edition_id, store_id, status)
),
task as (
  update fetch_task f set status = o.status
  from outcome o
  where f.fetch_run_id = ? and f.edition_id = o.edition_id and f.store_id = o.store_id and f.status in ('pending', 'running')
  returning f.edition_id, f.store_id, f.status
),
run as (
  update fetch_run r set
    succeeded = r.succeeded + (select count(*) from task where status = 'succeeded'),
    failed = r.failed + (select count(*) from task where status = 'failed'),
    completed_at = case when r.succeeded + r.failed + (select count(*) from task) = r.task_count then now() else r.completed_at end
  where r.fetch_run_id = ? and exists (select 1 from task)
  returning r.succeeded, r.failed, r.task_count, r.started_at
)
select run.*, (select json_agg(json_build_array(task.edition_id, task.store_id)) from task) as settled from run`;

// A page of a run's pending tasks: a range of the primary key (fetch_run_id, edition_id, store_id), so the page after
// millions of tasks is read as fast as the first. Prepared, and read with the least garbage (selectPrepared): a plan
// reads hundreds of such pages.
const PENDING_PAGE = "select edition_id, store_id from fetch_task where fetch_run_id = ? and status = 'pending'";
const FIRST_PENDING = `${PENDING_PAGE} order by edition_id, store_id limit ?`;
const PENDING_AFTER = `${PENDING_PAGE} and (edition_id, store_id) > (?, ?) order by edition_id, store_id limit ?`;

/** Longer than a task can take (timeout × attempts), shorter than the queue's retry backoff reaches. */
const CLAIM_LEASE_SECONDS = 120;

@injectable()
export class SqlFetchRunRepository implements FetchRunRepository {
  constructor(@inject(OrmEntityManager) private readonly em: EntityManager) {}

  async createRun(trigger: string): Promise<CreatedRun> {
    const [row] = await this.em.execute<Row[]>(CREATE_RUN, [trigger]);
    // The run's tasks are new to the planner: until statistics count them, it takes the run for a handful of rows
    // and claims, locks and settles every bundle by walking all of the run's tasks (a run of 40,000 tasks spent
    // more database time there than on anything else). Autovacuum would analyze the table only later, mid-run.
    // A role that does not own the table gets a warning, not an error.
    await this.em.execute('analyze fetch_task');
    return {
      runId: toId(row!.fetch_run_id),
      bookCount: Number(row!.book_count),
      storeCount: Number(row!.store_count),
      taskCount: Number(row!.task_count),
    };
  }

  async tasksOf(runId: number, after: TaskPosition | null, limit: number): Promise<FetchTask[]> {
    const rows = after
      ? await selectPrepared(this.em, PENDING_AFTER, [runId, after.editionId, after.storeId, limit])
      : await selectPrepared(this.em, FIRST_PENDING, [runId, limit]);
    return rows.map((r) => ({ runId, editionId: toId(r.edition_id), storeId: toId(r.store_id) }));
  }

  async claimTasks(runId: number, tasks: readonly FetchTask[]): Promise<ClaimedTask[]> {
    if (tasks.length === 0) return [];
    const rows = await this.em.execute<Row[]>(CLAIM, [
      bigintArray(tasks.map((t) => t.editionId)),
      bigintArray(tasks.map((t) => t.storeId)),
      runId,
      CLAIM_LEASE_SECONDS,
    ]);
    return rows.map((row) => ({
      editionId: toId(row.edition_id),
      storeId: toId(row.store_id),
      bookId: toNullableId(row.book_id),
      target: row.store_key === null || row.store_key === undefined ? null : targetFromRow(row),
    }));
  }

  async lockOpenTasks(runId: number, tasks: readonly FetchTask[]): Promise<ReadonlySet<string>> {
    if (tasks.length === 0) return new Set();
    const rows = await this.em.execute<Row[]>(LOCK_OPEN, [bigintArray(tasks.map((t) => t.editionId)), bigintArray(tasks.map((t) => t.storeId)), runId]);
    return new Set(rows.map((row) => taskKey({ editionId: toId(row.edition_id), storeId: toId(row.store_id) })));
  }

  async abandonRun(runId: number): Promise<void> {
    // The tasks go with the run (on delete cascade).
    await this.em.execute('delete from fetch_run where fetch_run_id = ?', [runId]);
  }

  async releaseTasks(runId: number, tasks: readonly FetchTask[]): Promise<void> {
    if (tasks.length === 0) return;
    await this.em.execute(RELEASE, [bigintArray(tasks.map((t) => t.editionId)), bigintArray(tasks.map((t) => t.storeId)), runId]);
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

  async settleTasks(runId: number, outcomes: readonly TaskOutcome[]): Promise<SettledBundle> {
    if (outcomes.length === 0) return { settled: new Set(), completedRun: null };
    const [run] = await this.em.execute<Row[]>(SETTLE, [
      bigintArray(outcomes.map((o) => o.editionId)),
      bigintArray(outcomes.map((o) => o.storeId)),
      textArray(outcomes.map((o) => o.outcome)),
      runId,
      runId,
    ]);
    if (!run) return { settled: new Set(), completedRun: null };
    const pairs = (run.settled as Array<[number | string, number | string]> | null) ?? [];
    const settled = new Set(pairs.map(([editionId, storeId]) => taskKey({ editionId: Number(editionId), storeId: Number(storeId) })));
    const done = Number(run.succeeded) + Number(run.failed) === Number(run.task_count);
    return {
      settled,
      completedRun: done ? { succeeded: Number(run.succeeded), failed: Number(run.failed), startedAt: toDate(run.started_at) } : null,
    };
  }
}
