import { z } from 'zod';
import type { CreateChannel } from '../../../application/alerts/create-channel.js';
import type { DeleteChannel } from '../../../application/alerts/delete-channel.js';
import type { GetChannel } from '../../../application/alerts/get-channel.js';
import type { ListChannels } from '../../../application/alerts/list-channels.js';
import type { TestChannel } from '../../../application/alerts/test-channel.js';
import type { UpdateChannel } from '../../../application/alerts/update-channel.js';
import { ALERT_KINDS } from '../../../domain/alerts/alert.js';
import { CHANNEL_DELIVERIES, CHANNEL_KINDS } from '../../../domain/alerts/channel.js';
import { addressOf, type Channel } from '../../../domain/alerts/channel-settings.js';
import { shownTarget, URL_TARGET_MAX } from '../../../domain/alerts/channel-target.js';
import { DELIVERY_MESSAGE_KINDS, type DeliveryAttempt } from '../../../domain/alerts/delivery-attempt.js';
import type { Paginator } from '../../kits/http/pagination/page-links.js';
import { collectionOf, IdParams, PageQuery, Timestamp } from '../../kits/http/routing/common-schemas.js';
import { isoTimestamp } from '../../kits/http/routing/iso-timestamp.js';
import { route, type RouteSpec } from '../../kits/http/routing/route-spec.js';
import { currentUser } from './current-user.js';

const maskedAddress = (address: string | null): string | null => (address === null ? null : shownTarget(address));

const Target = z
  .string()
  .max(URL_TARGET_MAX)
  .nullable()
  .describe('An e-mail address (`email`; null or absent: the account\'s address) or an http:// or https:// URL (`webhook`, `ntfy`)');
const AlertKinds = z
  .array(z.enum(ALERT_KINDS))
  .max(ALERT_KINDS.length * 4)
  .describe('The alert kinds the channel carries, at least one; a repeated kind counts once');
const Delivery = z.enum(CHANNEL_DELIVERIES).describe('`daily_digest` gathers a day of alerts into one e-mail (e-mail channels only)');

const ChannelBody = z.strictObject({
  kind: z.enum(CHANNEL_KINDS),
  target: Target.optional(),
  alert_kinds: AlertKinds.optional().describe(
    'Default: the four kinds of C5; a channel also takes the newer kinds that belong with a kind it names (below_target with below_max_price, lowest_in_days with new_lowest, percent_drop with price_drop); borrowable stands alone: only a channel naming it takes it',
  ),
  delivery: Delivery.optional().describe('Default: `immediate`'),
  is_enabled: z.boolean().optional().describe('Default: true'),
});

const ChannelChangeBody = z
  .strictObject({
    kind: z.enum(CHANNEL_KINDS).optional().describe('Cannot change; accepted only when it names the current kind'),
    target: Target.optional(),
    alert_kinds: AlertKinds.optional(),
    delivery: Delivery.optional(),
    is_enabled: z.boolean().optional(),
  })
  .refine((b) => Object.values(b).some((value) => value !== undefined), { message: 'name at least one field to change' });

const LastDeliveryJson = z
  .object({
    at: Timestamp,
    message: z.enum(DELIVERY_MESSAGE_KINDS).describe('What was sent: an alert message, a daily digest, or the test message'),
    ok: z.boolean().describe('The receiver took it'),
    error: z.string().nullable().describe('Why not (null when `ok`), in words safe to show: a URL appears as its scheme and host only, never a secret'),
    retryable: z.boolean().describe('The failure may pass, and the message is tried again later (while retries remain)'),
  })
  .nullable()
  .describe('The latest attempt to send through the channel (null before the first): how the queued test action, or a failing channel, shows what happened');
const lastDeliveryJson = (attempt: DeliveryAttempt | null): z.infer<typeof LastDeliveryJson> =>
  attempt === null
    ? null
    : { at: isoTimestamp(attempt.at), message: attempt.messageKind, ok: attempt.ok, error: attempt.failure, retryable: attempt.retryable };

export const ChannelJson = z.object({
  channel_id: z.number(),
  kind: z.enum(CHANNEL_KINDS),
  target: z
    .string()
    .nullable()
    .describe("Where it sends; for an e-mail channel without its own address the account's (null when the account has none); an ntfy URL's password shown as ***"),
  alert_kinds: z.array(z.enum(ALERT_KINDS)),
  delivery: z.enum(CHANNEL_DELIVERIES),
  is_enabled: z.boolean(),
  is_default: z.boolean().describe("The account's own e-mail alerts, switched by the preferences' `alert_email`"),
  created_at: Timestamp,
  last_delivery: LastDeliveryJson,
});
export const channelJson = (c: Channel): z.infer<typeof ChannelJson> => ({
  channel_id: c.id,
  kind: c.kind,
  target: maskedAddress(addressOf(c)),
  alert_kinds: c.alertKinds,
  delivery: c.delivery,
  is_enabled: c.isEnabled,
  is_default: c.isDefault,
  created_at: isoTimestamp(c.createdAt),
  last_delivery: lastDeliveryJson(c.lastDelivery),
});

const CreatedChannelJson = ChannelJson.extend({
  secret: z.string().optional().describe('A webhook\'s signing secret (HMAC-SHA256 of each body): shown in this answer only, never again'),
});

export interface ChannelUseCases {
  list: ListChannels;
  create: CreateChannel;
  get: GetChannel;
  update: UpdateChannel;
  remove: DeleteChannel;
  test: TestChannel;
}

export function channelRoutes(useCases: ChannelUseCases, paginator: Paginator): RouteSpec[] {
  return [
    route({
      method: 'get', path: '/user/channels', tag: 'channels', auth: 'jwt', summary: "The user's notification channels, oldest first",
      query: z.object(PageQuery),
      responses: { 200: { description: 'A page of channels', schema: collectionOf(ChannelJson) } },
      handle({ userId, query, path }) {
        return paginator.respond({ path, query }, (page) => useCases.list.execute(currentUser(userId), page), (c) => c.id, channelJson);
      },
    }),
    route({
      method: 'post', path: '/user/channels', tag: 'channels', auth: 'jwt',
      summary: 'Add a notification channel (e-mail, webhook or ntfy); a target inside a private network is refused',
      body: ChannelBody,
      responses: { 201: { description: 'The created channel; a webhook\'s with its `secret`, shown this once', schema: CreatedChannelJson } },
      errors: { 409: 'The user has 10 channels already, the most a user may have' },
      async handle({ userId, body }) {
        const created = await useCases.create.execute(currentUser(userId), {
          kind: body.kind,
          target: body.target,
          alertKinds: body.alert_kinds,
          delivery: body.delivery,
          isEnabled: body.is_enabled,
        });
        const json = channelJson(created.channel);
        return { status: 201, body: created.secret === null ? json : { ...json, secret: created.secret } };
      },
    }),
    route({
      method: 'get', path: '/user/channels/:id', tag: 'channels', auth: 'jwt', summary: 'One notification channel',
      params: IdParams,
      responses: { 200: { description: 'The channel', schema: ChannelJson } },
      errors: { 404: 'The user has no channel with that id' },
      async handle({ userId, params }) {
        return { status: 200, body: channelJson(await useCases.get.execute(currentUser(userId), params.id)) };
      },
    }),
    route({
      method: 'patch', path: '/user/channels/:id', tag: 'channels', auth: 'jwt',
      summary: 'Change target, alert_kinds, delivery and/or is_enabled (target null: the account\'s address, e-mail only)',
      params: IdParams,
      body: ChannelChangeBody,
      responses: { 204: { description: 'Updated' } },
      errors: { 404: 'The user has no channel with that id' },
      async handle({ userId, params, body }) {
        await useCases.update.execute(currentUser(userId), params.id, {
          kind: body.kind,
          target: body.target,
          alertKinds: body.alert_kinds,
          delivery: body.delivery,
          isEnabled: body.is_enabled,
        });
        return { status: 204 };
      },
    }),
    route({
      method: 'delete', path: '/user/channels/:id', tag: 'channels', auth: 'jwt', summary: 'Delete a notification channel',
      params: IdParams,
      responses: { 204: { description: 'Deleted' } },
      errors: { 404: 'The user has no channel with that id' },
      async handle({ userId, params }) {
        await useCases.remove.execute(currentUser(userId), params.id);
        return { status: 204 };
      },
    }),
    route({
      method: 'post', path: '/user/channels/:id/test', tag: 'channels', auth: 'jwt',
      summary: "Send a test message through the channel (queued: the answer does not wait for the delivery; the channel's `last_delivery` then shows what happened)",
      params: IdParams,
      responses: { 202: { description: 'The test message is queued' } },
      errors: {
        404: 'The user has no channel with that id',
        409: "An e-mail channel without its own address, and the account has no e-mail address",
      },
      async handle({ userId, params }) {
        await useCases.test.execute(currentUser(userId), params.id);
        return { status: 202 };
      },
    }),
  ];
}
