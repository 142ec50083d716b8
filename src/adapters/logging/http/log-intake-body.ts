import express, { type Request } from 'express';
import { ValidationError, type FieldProblem } from '../../../domain/shared/domain-error.js';
import { HttpProblem } from '../../kits/http/errors/http-problem.js';
import { jsonBody, requireBodyOf } from '../../kits/http/routing/json-body.js';
import { parseOrThrow, problemsOf, rejectNulCharacters } from '../../kits/http/routing/validate.js';
import { LogIntakeBody } from './log-schemas.js';

/** A batch of events, one intake JSON body per line: what the remote sink sends when several events are waiting. */
export const NDJSON = 'application/x-ndjson';
export const MAX_EVENTS_PER_REQUEST = 1000;
/** Room for MAX_EVENTS_PER_REQUEST events of about a kilobyte each. */
const NDJSON_BODY_LIMIT = '1mb';
/** A batch with many bad lines names the first ones; the rest are only counted. */
const MAX_PROBLEMS = 20;

/** `POST /log` takes one event as `application/json` or a batch as `application/x-ndjson`. */
export const intakeBodyParsers = [
  requireBodyOf(['application/json', NDJSON], `one event as application/json or up to ${MAX_EVENTS_PER_REQUEST} as ${NDJSON}`),
  jsonBody,
  express.text({ type: NDJSON, limit: NDJSON_BODY_LIMIT }),
];

/** The events of a parsed intake request, every one valid, or a 400 naming each bad line's fields. */
export function intakeEvents(req: Request): LogIntakeBody[] {
  if (!req.is(NDJSON)) {
    rejectNulCharacters(req.body);
    return [parseOrThrow(LogIntakeBody, req.body, 'body')];
  }
  return parseBatch(req.body as string);
}

function parseBatch(text: string): LogIntakeBody[] {
  const events: LogIntakeBody[] = [];
  const problems: FieldProblem[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue; // a trailing newline, a blank line between events
    if (events.length + problems.length >= MAX_EVENTS_PER_REQUEST) {
      throw new HttpProblem('payload_too_large', `At most ${MAX_EVENTS_PER_REQUEST} events per request`);
    }
    const problem = (field: string, message: string): void => {
      problems.push({ field: `line ${i + 1}${field === '' ? '' : `.${field}`}`, message });
    };
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      problem('', 'is not valid JSON');
      continue;
    }
    try {
      rejectNulCharacters(value);
    } catch (error) {
      for (const p of (error as ValidationError).details ?? []) problem(p.field === 'body' ? '' : p.field, p.message);
      continue;
    }
    const result = LogIntakeBody.safeParse(value);
    if (result.success) events.push(result.data);
    else for (const p of problemsOf(result.error, '')) problem(p.field, p.message);
  }
  if (problems.length > 0) {
    const named = problems.slice(0, MAX_PROBLEMS);
    const more = problems.length > named.length ? ` (and ${problems.length - named.length} more)` : '';
    throw new ValidationError(`Invalid events; nothing of this batch was recorded: ${named.map((p) => `${p.field}: ${p.message}`).join('; ')}${more}`.slice(0, 500), named);
  }
  if (events.length === 0) throw new ValidationError(`The batch holds no event; send one JSON object per line`, [{ field: 'body', message: 'required' }]);
  return events;
}
