import { type Request, type RequestHandler, type Response, Router } from 'express';
import type { ListLogs } from '../../../application/logging/list-logs.js';
import type { LogSink } from '../../../application/logging/log-sink.js';
import type { RecordLogEvent } from '../../../application/logging/record-log-event.js';
import type { Clock } from '../../../application/shared/clock.js';
import { authFailed } from '../../../domain/logging/log-event.js';
import { sendError } from '../../kits/http/errors/error-response.js';
import type { Paginator } from '../../kits/http/pagination/page-links.js';
import { apiSecurityHeaders, htmlPageSecurityHeaders } from '../../kits/http/security-headers.js';
import { parseOrThrow } from '../../kits/http/routing/validate.js';
import { checkCredential } from './bearer-credential.js';
import { logJson } from './log-json.js';
import { intakeBodyParsers, intakeEvents } from './log-intake-body.js';
import { LogListQuery } from './log-schemas.js';
import { renderLogViewer, VIEWER_STYLE } from './log-viewer-page.js';

export interface LogRoutesDeps {
  record: RecordLogEvent;
  list: ListLogs;
  /** `LOG_SHARED_SECRET` and `LOG_VIEWER_TOKEN`; null closes the endpoint (every call is 401). */
  sharedSecret: string | null;
  viewerToken: string | null;
  /** Where `auth_failed` goes (reason only). */
  logs: LogSink;
  clock: Clock;
  paginator: Paginator;
}

const wantsHtml = (req: Request): boolean => req.accepts(['application/json', 'text/html']) === 'text/html';

/** The logging component's `POST /log` and `GET /logs`, served by the standalone component and, in-process, by the API. */
/** The viewer page's headers: the API's, with its one inline style allowed by hash. */
const VIEWER_HEADERS = htmlPageSecurityHeaders(VIEWER_STYLE);

export function logRoutes(deps: LogRoutesDeps): Router {
  const router = Router({ caseSensitive: true, strict: false });
  // Every answer here — the viewer's JSON, errors, the intake's 202 — carries the API's security headers.
  router.use(['/log', '/logs'], apiSecurityHeaders);

  const guard =
    (secret: string | null, allowBasic: boolean): RequestHandler =>
    (req, res, next) => {
      const outcome = checkCredential(req.headers.authorization, secret, { allowBasic });
      if (outcome.ok) return next();
      deps.logs.record(authFailed(outcome.reason, deps.clock.now()));
      // A browser on the viewer gets a Basic challenge, so the maintainer can type the token once. Each challenge on
      // its own header line: Chromium shows no sign-in dialog for "Basic realm=…, Bearer" on one line.
      const challenge = allowBasic && wantsHtml(req) ? ['Basic realm="Shelfwatch logs", charset="UTF-8"', 'Bearer'] : 'Bearer';
      sendError(res, 'unauthorized', 'Send Authorization: Bearer <token>', { headers: { 'WWW-Authenticate': challenge } });
    };

  router.post('/log', guard(deps.sharedSecret, false), ...intakeBodyParsers, async (req: Request, res: Response) => {
    // A batch is recorded whole or not at all: intakeEvents validates every event before the first is recorded.
    const bodies = intakeEvents(req);
    const now = deps.clock.now();
    // Events are timestamped where they happen: a given log_time is kept.
    await deps.record.execute(
      bodies.map((body) => ({
        level: body.log_level,
        source: body.log_source,
        event: body.log_event,
        detail: body.log_detail ?? {},
        time: body.log_time ?? now,
        instance: body.log_instance ?? null,
      })),
    );
    res.status(202).end();
  });
  router.all('/log', (_req, res) => sendError(res, 'method_not_allowed', 'Only POST is allowed here', { headers: { Allow: 'POST' } }));

  router.get('/logs', guard(deps.viewerToken, true), async (req: Request, res: Response) => {
    res.setHeader('Vary', 'Accept');
    // The viewer's form sends empty fields for "any": they are no filter.
    const given = Object.entries(req.query as Record<string, unknown>).filter(([, value]) => value !== '');
    const query = parseOrThrow(LogListQuery, Object.fromEntries(given), 'query');
    const filter = { source: query.source, level: query.level, instance: query.instance, since: query.since, until: query.until };
    const linkFilters = {
      source: query.source,
      level: query.level,
      instance: query.instance,
      since: query.since?.toISOString(),
      until: query.until?.toISOString(),
    };
    const { body } = await deps.paginator.respond(
      { path: '/logs', query, filters: linkFilters },
      (request) => deps.list.execute(filter, request),
      (record) => record.id,
      logJson,
    );
    if (wantsHtml(req)) {
      res.set(VIEWER_HEADERS).type('html').send(renderLogViewer(body, { ...linkFilters, per_page: query.per_page }));
    } else {
      res.json(body);
    }
  });
  router.all('/logs', (_req, res) => sendError(res, 'method_not_allowed', 'Only GET is allowed here', { headers: { Allow: 'GET, HEAD' } }));
  return router;
}
