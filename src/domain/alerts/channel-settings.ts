import { ConflictError, NotFoundError, ValidationError, type FieldProblem } from '../shared/domain-error.js';
import { ALERT_KINDS, type AlertKind, SPECIFIED_ALERT_KINDS } from './alert.js';
import { CHANNEL_DELIVERIES, CHANNEL_KINDS, type ChannelDelivery, type ChannelKind } from './channel.js';
import { targetProblem } from './channel-target.js';
import type { DeliveryAttempt } from './delivery-attempt.js';

/** What a user decides about a channel. */
export interface ChannelSettings {
  kind: ChannelKind;
  /** An e-mail address or an http(s) URL; null only for e-mail, meaning the account's own address. */
  target: string | null;
  /** The alert kinds the channel carries: at least one, none twice. */
  alertKinds: AlertKind[];
  delivery: ChannelDelivery;
  isEnabled: boolean;
}

/** A user's notification channel. Its webhook secret is kept apart: it is shown once, when the channel is made. */
export interface Channel extends ChannelSettings {
  id: number;
  /** The account's own e-mail alerts: the channel the preferences' `alert_email` switches on and off. */
  isDefault: boolean;
  /** The account's address, which a null target stands for; null when the account has none. */
  accountEmail: string | null;
  createdAt: Date;
  /** The latest attempt to send through it (alert, digest or test); null before the first. */
  lastDelivery: DeliveryAttempt | null;
}

/** A new channel as asked for; what is left out takes the defaults. */
export interface ChannelRequest {
  kind: ChannelKind;
  target?: string | null;
  alertKinds?: readonly AlertKind[];
  delivery?: ChannelDelivery;
  isEnabled?: boolean;
}

/** A change to a channel; fields left undefined keep their value. The kind cannot change (only be restated). */
export type ChannelChange = Partial<ChannelSettings>;

/**
 * The specified four (CONTRACT C10.4: "default all" of them), unless told otherwise. The kinds a reader turns on
 * belong with one of them (BELONGS_WITH, channel.ts), so a channel with the defaults carries those alerts too.
 */
export const DEFAULT_CHANNEL_ALERT_KINDS: readonly AlertKind[] = SPECIFIED_ALERT_KINDS;

/** The settings of a new channel, with the defaults filled in; throws a ValidationError naming every bad field. */
export function newChannelSettings(request: ChannelRequest): ChannelSettings {
  return checked({
    kind: request.kind,
    target: request.target === undefined ? null : request.target,
    alertKinds: request.alertKinds === undefined ? [...DEFAULT_CHANNEL_ALERT_KINDS] : [...request.alertKinds],
    delivery: request.delivery ?? 'immediate',
    isEnabled: request.isEnabled ?? true,
  });
}

/** A channel's settings after a change; throws a ValidationError naming every bad field. */
export function changeChannelSettings(current: ChannelSettings, change: ChannelChange): ChannelSettings {
  const problems: FieldProblem[] = [];
  if (change.kind !== undefined && change.kind !== current.kind) {
    problems.push({ field: 'kind', message: `cannot change (the channel is ${current.kind}); create a new channel instead` });
  }
  return checked(
    {
      kind: current.kind,
      target: change.target === undefined ? current.target : change.target,
      alertKinds: change.alertKinds === undefined ? [...current.alertKinds] : [...change.alertKinds],
      delivery: change.delivery ?? current.delivery,
      isEnabled: change.isEnabled ?? current.isEnabled,
    },
    problems,
  );
}

/** Where a channel sends: its target, or for an e-mail channel without one the account's address (null: none). */
export function addressOf(channel: Channel): string | null {
  return channel.target ?? channel.accountEmail;
}

function checked(settings: ChannelSettings, problems: FieldProblem[] = []): ChannelSettings {
  const { kind, delivery } = settings;
  if (!CHANNEL_KINDS.includes(kind)) {
    problems.push({ field: 'kind', message: `must be one of ${CHANNEL_KINDS.join(', ')}` });
    throw new ValidationError('Invalid channel', problems);
  }
  const target = settings.target === null ? null : settings.target.trim();
  if (target === null) {
    if (kind !== 'email') problems.push({ field: 'target', message: `is required for a ${kind} channel (an http:// or https:// URL)` });
  } else {
    const problem = targetProblem(kind, target);
    if (problem !== null) problems.push({ field: 'target', message: problem });
  }
  // A repeated kind says nothing more than the kind once: kept once, in the order given.
  const alertKinds = [...new Set(settings.alertKinds)];
  settings.alertKinds.forEach((alertKind, i) => {
    if (!ALERT_KINDS.includes(alertKind)) problems.push({ field: `alert_kinds[${i}]`, message: `must be one of ${ALERT_KINDS.join(', ')}` });
  });
  if (alertKinds.length === 0) problems.push({ field: 'alert_kinds', message: 'must name at least one alert kind' });
  if (!CHANNEL_DELIVERIES.includes(delivery)) problems.push({ field: 'delivery', message: `must be one of ${CHANNEL_DELIVERIES.join(', ')}` });
  else if (delivery === 'daily_digest' && kind !== 'email') problems.push({ field: 'delivery', message: 'daily_digest is only for e-mail channels' });
  if (problems.length > 0) throw new ValidationError('Invalid channel', problems);
  return { kind, target, alertKinds, delivery, isEnabled: settings.isEnabled };
}

export class ChannelNotFoundError extends NotFoundError {
  constructor(id: number) {
    super('Channel', id);
  }
}

/** An e-mail channel without a target sends to the account's address; an account without one leaves it nowhere to go. */
export class ChannelWithoutAddressError extends ConflictError {
  constructor(id: number) {
    super(`Channel ${id} sends to the account's e-mail address, and the account has none; give the channel a target`);
  }
}

/** The target points at this host, a private network or a cloud metadata service, which the operator has not allowed. */
export class PrivateTargetError extends ValidationError {
  constructor() {
    super('The channel target points at a private address', [
      { field: 'target', message: 'must not point at a loopback, private, link-local, unique-local or cloud-metadata address' },
    ]);
  }
}
