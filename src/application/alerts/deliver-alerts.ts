import { inject, injectable } from 'inversify';
import { alertSent } from '../../domain/logging/pricing-events.js';
import { LogSink } from '../logging/log-sink.js';
import { Clock } from '../shared/clock.js';
import type { NewUserAlert } from './ports/alert-detector.js';

/**
 * The in-app delivery of new alerts: the alert row is the delivery, so this only logs it. E-mail and the other
 * channels get one message per quote per wish through the queue (ScheduleChannelMessages, DeliverChannelMessage).
 */
@injectable()
export class DeliverAlerts {
  constructor(
    @inject(LogSink) private readonly logs: LogSink,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(alerts: readonly NewUserAlert[]): void {
    for (const alert of alerts) {
      this.logs.record(alertSent({ user_id: alert.userId, book_id: alert.bookId, channel: 'in_app', threshold: alert.threshold }, this.clock.now()));
    }
  }
}
