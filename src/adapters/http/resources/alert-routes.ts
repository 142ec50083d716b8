import { z } from 'zod';
import type { ListAlerts } from '../../../application/alerts/list-alerts.js';
import type { MarkAlertRead } from '../../../application/alerts/mark-alert-read.js';
import type { MarkAllAlertsRead } from '../../../application/alerts/mark-all-alerts-read.js';
import type { Paginator } from '../../kits/http/pagination/page-links.js';
import { BooleanText, collectionOf, IdParams, IdValue, PageQuery } from '../../kits/http/routing/common-schemas.js';
import { route, type RouteSpec } from '../../kits/http/routing/route-spec.js';
import { currentUser } from './current-user.js';
import { AlertJson, alertJson } from './user-space-presenters.js';

const AlertListQuery = z.object({
  is_read: BooleanText.optional().describe('`true`: only read alerts; `false`: only unread ones; absent: all'),
  ...PageQuery,
});

export interface AlertUseCases {
  list: ListAlerts;
  markRead: MarkAlertRead;
  markAllRead: MarkAllAlertsRead;
}

export function alertRoutes(useCases: AlertUseCases, paginator: Paginator): RouteSpec[] {
  return [
    route({
      method: 'get', path: '/alerts', tag: 'alerts', auth: 'jwt', summary: "The user's alerts, newest first; optional filter `is_read`",
      query: AlertListQuery,
      responses: { 200: { description: 'A page of alerts', schema: collectionOf(AlertJson) } },
      handle({ userId, query, path }) {
        const isRead = query.is_read;
        // The filter goes into every link and binds the cursors: a cursor made under another filter gives the first page.
        const filters = { is_read: isRead === undefined ? undefined : String(isRead) };
        return paginator.respond({ path, query, filters }, (page) => useCases.list.execute(currentUser(userId), { isRead }, page), (a) => a.id, alertJson);
      },
    }),
    route({
      method: 'post', path: '/alerts/mark-read', tag: 'alerts', auth: 'jwt',
      summary: "Mark all the user's unread alerts read (those up to `up_to_alert_id` when given)",
      body: z.strictObject({
        up_to_alert_id: IdValue.optional().describe('The newest alert the user has seen: alerts that came after it stay unread'),
      }),
      responses: { 200: { description: 'How many alerts were marked read', schema: z.object({ marked_read: z.number() }) } },
      async handle({ userId, body }) {
        return { status: 200, body: { marked_read: await useCases.markAllRead.execute(currentUser(userId), body.up_to_alert_id) } };
      },
    }),
    route({
      method: 'patch', path: '/alerts/:id', tag: 'alerts', auth: 'jwt', summary: 'Mark an alert as read (or unread)',
      params: IdParams,
      body: z.strictObject({ is_read: z.boolean() }),
      responses: { 204: { description: 'Updated' } },
      errors: { 404: 'The user has no alert with that id' },
      async handle({ userId, params, body }) {
        await useCases.markRead.execute(currentUser(userId), params.id, body.is_read);
        return { status: 204 };
      },
    }),
  ];
}
