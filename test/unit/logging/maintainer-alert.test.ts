import { describe, expect, it } from 'vitest';
import { exceedsThreshold, isGroupedAlertEvent, maintainerAlert } from '../../../src/domain/logging/maintainer-alert.js';

describe('maintainer alert rules', () => {
  it('groups fetch_failed and consolidation_failed only', () => {
    expect(isGroupedAlertEvent('fetch_failed')).toBe(true);
    expect(isGroupedAlertEvent('consolidation_failed')).toBe(true);
    expect(isGroupedAlertEvent('api_error')).toBe(false);
    expect(isGroupedAlertEvent('fetch_completed')).toBe(false);
  });

  it('alerts on more than the threshold, not at it', () => {
    expect(exceedsThreshold(10, 10)).toBe(false);
    expect(exceedsThreshold(11, 10)).toBe(true);
    expect(exceedsThreshold(1, 0)).toBe(true);
  });

  it('builds the alert payload with the sample as a log record', () => {
    const first = new Date('2026-11-22T03:00:00.000Z');
    const alert = maintainerAlert(
      'fetch_failed',
      {
        count: 500,
        first,
        last: new Date('2026-11-22T03:04:59.999Z'),
        sample: { id: 7, time: first, level: 'error', source: 'scheduled_fetch', event: 'fetch_failed', detail: { book_id: 1 }, instance: 'api-1' },
      },
      300_000,
      'group',
    );
    expect(alert).toEqual({
      alert: '500 × fetch_failed within 5 min',
      log_event: 'fetch_failed',
      count: 500,
      first_log_time: '2026-11-22T03:00:00.000Z',
      last_log_time: '2026-11-22T03:04:59.999Z',
      sample: {
        log_id: 7,
        log_time: '2026-11-22T03:00:00.000Z',
        log_level: 'error',
        log_source: 'scheduled_fetch',
        log_event: 'fetch_failed',
        log_detail: { book_id: 1 },
        log_instance: 'api-1',
      },
    });
  });
});
