// Pure: a channel's last delivery in words, and whether a read of the channel shows a new attempt. No DOM here, so
// it is unit-tested under Node.

export interface LastDelivery {
  at: string;
  message: 'alert' | 'digest' | 'test';
  ok: boolean;
  error: string | null;
  retryable: boolean;
}

/** After "Test": read the channel every second, at most 15 times (the worker polls its queue every second). */
export const TEST_POLL = { intervalMs: 1000, reads: 15 } as const;

const WHAT: Record<LastDelivery['message'], string> = { alert: 'alert', digest: 'daily digest', test: 'test message' };

const when = (iso: string): string => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;

/** "Delivered: test message, 2026-11-29 06:37:12 UTC" or "Not delivered: … — the reason. Shelfwatch tries again later." */
export function deliveryText(delivery: LastDelivery | null): string {
  if (delivery === null) return 'Nothing sent yet.';
  const what = `${WHAT[delivery.message]}, ${when(delivery.at)}`;
  if (delivery.ok) return `Delivered: ${what}.`;
  const again = delivery.retryable ? ' Shelfwatch tries again later.' : '';
  return `Not delivered: ${what}: ${delivery.error ?? 'no reason given'}.${again}`;
}

/** True when the channel now shows an attempt other than the one it showed before the test was asked for. */
export function isNewAttempt(before: LastDelivery | null, now: LastDelivery | null): now is LastDelivery {
  return now !== null && (before === null || now.at !== before.at || now.ok !== before.ok || now.error !== before.error);
}
