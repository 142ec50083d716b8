import type { ChannelKind } from './channel.js';

export const EMAIL_TARGET_MAX = 254;
export const URL_TARGET_MAX = 2048;

// Deliberately plain: one `@`, no spaces, a domain of dot-separated labels with at least one dot. Whether the mailbox
// exists only the mail server can tell.
const EMAIL = /^[^\s@"<>(),;:\\[\]]{1,64}@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+[\p{L}\p{N}][\p{L}\p{N}-]{0,62}$/u;

/** Why a target does not suit a channel kind, or null when it does (syntax only; where it points is checked apart). */
export function targetProblem(kind: ChannelKind, target: string): string | null {
  if (kind === 'email') {
    if (target.length > EMAIL_TARGET_MAX || !EMAIL.test(target)) return 'must be an e-mail address';
    return null;
  }
  if (target.length > URL_TARGET_MAX) return `must be at most ${URL_TARGET_MAX} characters`;
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return 'must be an absolute http:// or https:// URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must be an absolute http:// or https:// URL';
  if (!/^https?:\/\//i.test(target)) return 'must be an absolute http:// or https:// URL';
  if (url.hostname === '') return 'must name a host';
  // A webhook signs with its secret instead. An ntfy topic protected by a password takes it in its URL (sent as
  // HTTP Basic authentication); it is masked wherever the target is shown (`shownTarget`) and never logged.
  if (kind !== 'ntfy' && (url.username !== '' || url.password !== '')) return 'must not carry a user name or password';
  return null;
}

const MASK = '***';

/** A target as the API and the pages show it: a password in an ntfy URL as `***` (the user name kept). */
export function shownTarget(target: string): string {
  if (!/^https?:\/\/[^/?#]*@/i.test(target)) return target;
  const url = new URL(target);
  if (url.password === '') return target;
  url.password = MASK;
  return url.href;
}

/** An ntfy URL's user name and password, decoded, and the URL without them; null credentials when it has none. */
export function splitCredentials(target: string): { url: string; credentials: { user: string; password: string } | null } {
  const url = new URL(target);
  if (url.username === '' && url.password === '') return { url: target, credentials: null };
  const credentials = { user: decodeURIComponent(url.username), password: decodeURIComponent(url.password) };
  url.username = '';
  url.password = '';
  return { url: url.href, credentials };
}

/** The host a URL target points at (brackets kept off an IPv6 literal), for the private-address check. */
export function targetHost(target: string): string {
  return new URL(target).hostname.replace(/^\[|\]$/g, '');
}

/** Whether a channel kind's target is a URL (and so may point inside the operator's network). */
export function hasUrlTarget(kind: ChannelKind): boolean {
  return kind !== 'email';
}
