import { z } from 'zod';
import type { ListAlerts } from '../../../application/alerts/list-alerts.js';
import type { MarkAlertRead } from '../../../application/alerts/mark-alert-read.js';
import type { Paginator } from '../pagination/page-links.js';
import { collectionOf, IdParams, PageQuery } from '../routing/common-schemas.js';
import { route, type RouteSpec } from '../routing/route-spec.js';
import { currentUser } from './current-user.js';
import { AlertJson, alertJson } from './user-space-presenters.js';

export interface AlertUseCases {
  list: ListAlerts;
  markRead: MarkAlertRead;
}

export function alertRoutes(useCases: AlertUseCases, paginator: Paginator): RouteSpec[] {
  return [
    route({
      method: 'get', path: '/alerts', tag: 'alerts', auth: 'jwt', summary: "The user's alerts, newest first",
      query: z.object(PageQuery),
      responses: { 200: { description: 'A page of alerts', schema: collectionOf(AlertJson) } },
      handle({ userId, query, path }) {
        return paginator.respond({ path, query }, (page) => useCases.list.execute(currentUser(userId), page), (a) => a.id, alertJson);
      },
    }),
    route({
      method: 'patch', path: '/alerts/:id', tag: 'alerts', auth: 'jwt', summary: 'Mark an alert as read (or unread)',
      params: IdParams,
      body: z.strictObject({ is_read: z.boolean() }),
      responses: { 204: { description: 'Updated' } },
      async handle({ userId, params, body }) {
        await useCases.markRead.execute(currentUser(userId), params.id, body.is_read);
        return { status: 204 };
      },
    }),
  ];
}
