// DeliverAlerts with hand-written fakes: the in-app delivery of each new alert is logged (the channels have their own).
import { describe, expect, it } from 'vitest';
import { DeliverAlerts } from '../../../../src/application/alerts/deliver-alerts.js';
import { FakeClock } from '../../../support/fakes/fake-clock.js';
import { FakeLogSink } from '../../../support/fakes/fake-log-sink.js';
import { aNewUserAlert } from '../../../support/mothers/pricing.js';

describe('DeliverAlerts', () => {
  it('logs alert_sent on the in_app channel for each alert, with the wish max price as threshold', () => {
    const logs = new FakeLogSink();
    const clock = new FakeClock();
    new DeliverAlerts(logs, clock).execute([
      aNewUserAlert({ userId: 5, bookId: 11, threshold: '20.00' }),
      aNewUserAlert({ userId: 6, bookId: 12, kind: 'price_drop', threshold: null }),
    ]);
    expect(logs.events).toEqual([
      { level: 'info', source: 'alert', event: 'alert_sent', detail: { user_id: 5, book_id: 11, channel: 'in_app', threshold: '20.00' }, time: clock.now() },
      { level: 'info', source: 'alert', event: 'alert_sent', detail: { user_id: 6, book_id: 12, channel: 'in_app', threshold: null }, time: clock.now() },
    ]);
  });
});
