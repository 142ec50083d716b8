import { z } from 'zod';
import { detailProblem } from '../../../domain/logging/log-detail.js';
import { INSTANCE_NAME, KNOWN_LOG_SOURCES, LOG_LEVELS } from '../../../domain/logging/log-event.js';
import { PageQuery } from '../../kits/http/routing/common-schemas.js';

/** ISO 8601: a date-time with `Z` or an offset; without one (an HTML form's local input) it is read as UTC. */
const Instant = z
  .union([z.iso.datetime({ offset: true, local: true }), z.iso.date()], { error: 'must be an ISO 8601 timestamp such as 2026-11-22T03:00:00Z' })
  .transform((text) => new Date(/(Z|[+-]\d\d:?\d\d)$/i.test(text) || !text.includes('T') ? text : `${text}Z`))
  .refine((date) => !Number.isNaN(date.getTime()), 'is not a valid date');

/**
 * A detail the table can hold as it is: at most MAX_DETAIL_DEPTH levels and MAX_DETAIL_BYTES, no text jsonb refuses
 * (see `detailProblem`). Refused here, at the edge, so one event can never make a batch insert fail.
 */
const LogDetail = z.record(z.string(), z.unknown()).superRefine((detail, ctx) => {
  const problem = detailProblem(detail);
  if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: problem.path });
});

/** PostgreSQL's timestamptz starts in 4713 BC and has no year 0: ISO year 0000 (1 BC) would refuse the batch. */
const LogTime = Instant.refine((date) => date.getUTCFullYear() >= 1, 'must be in year 0001 or later');

export const LogLevelSchema = z.enum(LOG_LEVELS);
/** Sources are checked here, in code: a new source is a new entry in KNOWN_LOG_SOURCES, not a migration. */
export const LogSourceSchema = z.enum(KNOWN_LOG_SOURCES);

const InstanceName = z.string().regex(INSTANCE_NAME, 'must be 1 to 63 letters, digits, . _ : - starting with a letter or digit');

/** `POST /log`; unknown fields are refused (400) like everywhere else, so typos do not pass silently. */
export const LogIntakeBody = z.strictObject({
  log_level: LogLevelSchema,
  log_source: LogSourceSchema,
  log_event: z.string().regex(/^[A-Za-z0-9_.:-]{1,100}$/, 'must be a machine-readable name: 1 to 100 letters, digits, _ . : -'),
  log_detail: LogDetail.optional(),
  log_time: LogTime.optional(),
  /** The sender's INSTANCE_ID; absent: the event says no instance. */
  log_instance: InstanceName.optional(),
});
export type LogIntakeBody = z.infer<typeof LogIntakeBody>;

/** `GET /logs` filters, with the usual pagination's `per_page` and `cursor`. */
export const LogListQuery = z
  .strictObject({
    source: LogSourceSchema.optional(),
    level: LogLevelSchema.optional(),
    instance: InstanceName.optional(),
    since: Instant.optional(),
    until: Instant.optional(),
    ...PageQuery,
  })
  .refine((q) => q.since === undefined || q.until === undefined || q.since < q.until, { message: 'must be after since', path: ['until'] });
export type LogListQuery = z.infer<typeof LogListQuery>;
