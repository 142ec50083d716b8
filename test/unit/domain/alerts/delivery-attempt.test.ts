// A channel's last delivery is shown to its owner: its failure text never carries credentials, a URL's path or
// query (where receivers keep tokens), control characters, or more than a few lines.
import { describe, expect, it } from 'vitest';
import { deliveredAttempt, failedAttempt, SHOWN_FAILURE_MAX, shownFailure } from '../../../../src/domain/alerts/delivery-attempt.js';

describe('shownFailure', () => {
  it('keeps words without URLs as they are', () => {
    expect(shownFailure('the receiver answered 503')).toBe('the receiver answered 503');
    expect(shownFailure('could not reach the receiver: ECONNREFUSED connect ECONNREFUSED 127.0.0.1:9')).toBe(
      'could not reach the receiver: ECONNREFUSED connect ECONNREFUSED 127.0.0.1:9',
    );
  });

  it('cuts every URL to its scheme and host: no user name, password, path, query or fragment', () => {
    expect(shownFailure('the receiver answered 302 redirecting to https://user:s3cret@moved.example:8443/hooks/T0K3N?key=abc#x; redirects are not followed'))
      .toBe('the receiver answered 302 redirecting to https://moved.example:8443/…; redirects are not followed');
    expect(shownFailure('see http://a.example/')).toBe('see http://a.example');
    expect(shownFailure('see http://a.example.')).toBe('see http://a.example.');
    // A password holding an unencoded "/" or "@" still leaves nothing of itself.
    expect(shownFailure('to https://me:pa/ss@w0rd@host.example/x')).toBe('to https://host.example/…');
    expect(shownFailure('(HTTPS://Host.example/path)')).toBe('(HTTPS://Host.example/…)');
  });

  it('drops control characters and caps the length', () => {
    expect(shownFailure('line one\r\nline two\u0000')).toBe('line one line two');
    const long = shownFailure('x'.repeat(1000));
    expect(long).toHaveLength(SHOWN_FAILURE_MAX);
    expect(long.endsWith('…')).toBe(true);
    expect(shownFailure(' \n ')).toBe('the delivery failed');
  });
});

describe('attempts', () => {
  it('a delivered attempt has no failure; a failed one keeps the shown words and whether it may pass', () => {
    const at = new Date('2026-11-29T10:00:00Z');
    expect(deliveredAttempt(at, 'test')).toEqual({ at, messageKind: 'test', ok: true, failure: null, retryable: false });
    expect(failedAttempt(at, 'alert', 'redirecting to https://u:p@h.example/x', false)).toEqual({
      at, messageKind: 'alert', ok: false, failure: 'redirecting to https://h.example/…', retryable: false,
    });
  });
});
