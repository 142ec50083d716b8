// DeliverAlerts with hand-written fakes: the in-app alert is always logged, the e-mail only when wanted and possible.
import { describe, expect, it } from 'vitest';
import { DeliverAlerts } from '../../../../src/application/pricing/deliver-alerts.js';
import { FakeAlertMailer } from '../../../support/fakes/fake-alert-mailer.js';
import { FakeClock } from '../../../support/fakes/fake-clock.js';
import { FakeLogSink } from '../../../support/fakes/fake-log-sink.js';
import { aNewUserAlert } from '../../../support/mothers/pricing.js';

function deliver() {
  const mailer = new FakeAlertMailer();
  const logs = new FakeLogSink();
  const clock = new FakeClock();
  return { use: new DeliverAlerts(mailer, logs, clock), mailer, logs, clock };
}

describe('DeliverAlerts', () => {
  it('logs the in-app alert and mails the user who asked for e-mail', async () => {
    const { use, mailer, logs, clock } = deliver();
    const alert = aNewUserAlert({ userId: 5, bookId: 11, threshold: '20.00', email: 'reader@example.org' });
    await use.execute([alert]);
    expect(mailer.sent).toEqual([{ to: 'reader@example.org', alert }]);
    expect(logs.events).toEqual([
      { level: 'info', source: 'alert', event: 'alert_sent', detail: { user_id: 5, book_id: 11, channel: 'in_app', threshold: '20.00' }, time: clock.now() },
      { level: 'info', source: 'alert', event: 'alert_sent', detail: { user_id: 5, book_id: 11, channel: 'email', threshold: '20.00' }, time: clock.now() },
    ]);
  });

  it('sends no e-mail to a user who did not ask for it', async () => {
    const { use, mailer, logs } = deliver();
    await use.execute([aNewUserAlert({ wantsEmail: false })]);
    expect(mailer.sent).toEqual([]);
    expect(logs.events.map((e) => e.detail.channel)).toEqual(['in_app']);
  });

  it('logs alert_failed, without the address, when the account has no e-mail address', async () => {
    const { use, mailer, logs } = deliver();
    await use.execute([aNewUserAlert({ userId: 8, email: null })]);
    expect(mailer.sent).toEqual([]);
    expect(logs.names()).toEqual(['alert_sent', 'alert_failed']);
    expect(logs.named('alert_failed')[0]).toMatchObject({ level: 'warn', detail: { user_id: 8, error: 'the account has no e-mail address' } });
  });

  it('keeps going after a refused e-mail: the failure is logged with the error, the next alert still goes out', async () => {
    const { use, mailer, logs } = deliver();
    mailer.refuse('bounced@example.org', '550 mailbox unavailable');
    const refused = aNewUserAlert({ alertId: 1, userId: 5, email: 'bounced@example.org' });
    const next = aNewUserAlert({ alertId: 2, userId: 6, email: 'other@example.org' });
    await expect(use.execute([refused, next])).resolves.toBeUndefined();
    expect(mailer.sent.map((s) => s.alert.alertId)).toEqual([2]);
    expect(logs.events.map((e) => [e.event, e.detail.user_id, e.detail.channel ?? e.detail.error])).toEqual([
      ['alert_sent', 5, 'in_app'],
      ['alert_failed', 5, '550 mailbox unavailable'],
      ['alert_sent', 6, 'in_app'],
      ['alert_sent', 6, 'email'],
    ]);
  });

  it('timestamps each event with the clock at the time it is recorded', async () => {
    const logs = new FakeLogSink();
    const clock = new FakeClock();
    const start = clock.now();
    const mailer = new FakeAlertMailer();
    // A mailer that takes a minute (fake time): the e-mail's event is a minute later than the in-app one.
    const slow = new DeliverAlerts({ send: async (to, alert) => (clock.advance(60_000), mailer.send(to, alert)) }, logs, clock);
    await slow.execute([aNewUserAlert()]);
    expect(logs.events.map((e) => e.time.getTime() - start.getTime())).toEqual([0, 60_000]);
  });
});
