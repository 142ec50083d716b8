// Taking and giving back fetch bundles with our own statements on pg-boss 10's job table (schema `pgboss`, which
// `startPgBoss` keeps; pg-boss is pinned at 10.3.3). Two things its API cannot do:
// - `fetch` swallows every error and answers "nothing waiting", so an outage looked like an empty queue; and when
//   the connection dropped after the server took a job but before the answer arrived, the job stayed `active` with
//   nobody working it until it expired (5 minutes). Each job taken here is stamped with the taking process's token,
//   so after an outage that process finds such jobs and gives them back.
// - `fail` spends one of a bundle's retries and waits out its backoff (30 to 60 s); a worker that is stopping or
//   that lost the database should give the bundle back as never taken.
import type PgBoss from 'pg-boss';
import type { BundleData } from './pg-boss-fetch-queue.js';

export interface TakenBundle {
  id: string;
  data: BundleData;
}

/** pg-boss 10's own fetch statement (`fetchNextJob`, priority order), plus the taker's stamp in `output`. */
const TAKE = `
with next as (
  select id from pgboss.job
  where name = $1 and state < 'active' and start_after < now()
  order by priority desc, created_on, id
  limit 1
  for update skip locked
)
update pgboss.job j set
  state = 'active',
  started_on = now(),
  retry_count = case when started_on is not null then retry_count + 1 else retry_count end,
  output = jsonb_build_object('taken_by', $2::text)
from next
where name = $1 and j.id = next.id
returning j.id, j.data`;

/** The next waiting bundle, or null; errors (an outage) are thrown, not taken for an empty queue. */
export async function takeBundle(boss: PgBoss, queue: string, taker: string): Promise<TakenBundle | null> {
  const { rows } = await boss.getDb().executeSql(TAKE, [queue, taker]);
  const row = rows[0] as TakenBundle | undefined;
  return row ?? null;
}

/** Puts an active job back as if never taken: available at once, no retry spent. */
export async function handBackJob(boss: PgBoss, queue: string, jobId: string): Promise<void> {
  await boss
    .getDb()
    .executeSql(
      "update pgboss.job set state = 'created', started_on = null, start_after = now(), output = null where name = $1 and id = $2 and state = 'active'",
      [queue, jobId],
    );
}

/** Gives back the active jobs stamped by `taker` that it does not hold (taken while the answer was lost); how many. */
export async function handBackOrphans(boss: PgBoss, queue: string, taker: string, held: readonly string[]): Promise<number> {
  const { rows } = await boss.getDb().executeSql(
    `with orphan as (
       update pgboss.job set state = 'created', started_on = null, start_after = now(), output = null
       where name = $1 and state = 'active' and output->>'taken_by' = $2 and not (id = any($3::uuid[]))
       returning 1
     )
     select count(*)::int as n from orphan`,
    [queue, taker, held],
  );
  return Number((rows[0] as { n: number } | undefined)?.n ?? 0);
}
