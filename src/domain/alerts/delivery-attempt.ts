/** What a channel attempt carried: an alert message, a day's digest, or the channel's test message. */
export const DELIVERY_MESSAGE_KINDS = ['alert', 'digest', 'test'] as const;
export type DeliveryMessageKind = (typeof DELIVERY_MESSAGE_KINDS)[number];

/**
 * The latest attempt to deliver something through a channel, kept so its owner can see what happened (a test is
 * queued, so its answer cannot say). `failure` is in words safe to show: see `shownFailure`.
 */
export interface DeliveryAttempt {
  at: Date;
  messageKind: DeliveryMessageKind;
  /** The receiver took it (2xx, the mail server's OK). */
  ok: boolean;
  /** Why not; null when `ok`. */
  failure: string | null;
  /** The failure may pass, and the message is tried again later (while retries remain). */
  retryable: boolean;
}

export const SHOWN_FAILURE_MAX = 300;

export function deliveredAttempt(at: Date, messageKind: DeliveryMessageKind): DeliveryAttempt {
  return { at, messageKind, ok: true, failure: null, retryable: false };
}

export function failedAttempt(at: Date, messageKind: DeliveryMessageKind, reason: string, retryable: boolean): DeliveryAttempt {
  return { at, messageKind, ok: false, failure: shownFailure(reason), retryable };
}

// A URL anywhere in the text: a redirect's Location, a transport's message quoting what it tried.
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/\S+/gi;

/**
 * A failure's words as they may be shown to the channel's owner and stored: every URL cut to its scheme and host
 * (a user name, a password, a token in the path or the query never appear), control characters dropped, at most
 * SHOWN_FAILURE_MAX characters.
 */
export function shownFailure(reason: string): string {
  const text = reason
    .replace(/\p{Cc}+/gu, ' ')
    .replace(URL_IN_TEXT, originOnly)
    .trim();
  const shown = text === '' ? 'the delivery failed' : text;
  return shown.length <= SHOWN_FAILURE_MAX ? shown : `${shown.slice(0, SHOWN_FAILURE_MAX - 1)}…`;
}

function originOnly(url: string): string {
  const trailing = /[.,;:!?)\]'"]+$/.exec(url)?.[0] ?? '';
  const bare = url.slice(0, url.length - trailing.length);
  const schemeEnd = bare.indexOf('://') + 3;
  // Everything up to the last "@" may be credentials (a password may hold "/" or "#" unencoded): never kept.
  const afterCredentials = bare.slice(Math.max(schemeEnd, bare.lastIndexOf('@') + 1));
  const hostEnd = afterCredentials.search(/[/?#]/);
  const host = hostEnd < 0 ? afterCredentials : afterCredentials.slice(0, hostEnd);
  const more = hostEnd >= 0 && afterCredentials.slice(hostEnd) !== '/' ? '/…' : '';
  return `${bare.slice(0, schemeEnd)}${host}${more}${trailing}`;
}
