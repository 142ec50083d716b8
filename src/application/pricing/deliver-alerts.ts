import { inject, injectable } from 'inversify';
import { alertFailed, alertSent } from '../../domain/logging/pricing-events.js';
import { LogSink } from '../logging/log-sink.js';
import { Clock } from '../shared/clock.js';
import { AlertMailer, type NewUserAlert } from './ports/alert-detector.js';

/**
 * Delivers new alerts: the in-app alert already exists (the row); an e-mail goes out when the user asked for it.
 * A failed e-mail never removes the in-app alert.
 */
@injectable()
export class DeliverAlerts {
  constructor(
    @inject(AlertMailer) private readonly mailer: AlertMailer,
    @inject(LogSink) private readonly logs: LogSink,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(alerts: readonly NewUserAlert[]): Promise<void> {
    for (const alert of alerts) {
      const base = { user_id: alert.userId, book_id: alert.bookId, threshold: alert.threshold };
      this.logs.record(alertSent({ ...base, channel: 'in_app' }, this.clock.now()));
      if (!alert.wantsEmail) continue;
      if (!alert.email) {
        this.logs.record(alertFailed({ user_id: alert.userId, error: 'the account has no e-mail address' }, this.clock.now()));
        continue;
      }
      try {
        await this.mailer.send(alert.email, alert);
        this.logs.record(alertSent({ ...base, channel: 'email' }, this.clock.now()));
      } catch (error) {
        this.logs.record(alertFailed({ user_id: alert.userId, error: error instanceof Error ? error.message : String(error) }, this.clock.now()));
      }
    }
  }
}
