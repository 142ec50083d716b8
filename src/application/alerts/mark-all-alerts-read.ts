import { inject, injectable } from 'inversify';
import { AlertRepository } from './ports/alert-repository.js';

/**
 * Marks the user's unread alerts read at once. `upToAlertId` (the newest alert the user has seen) leaves alerts that
 * arrived after the page was shown unread, so "mark all read" never hides an alert nobody saw.
 */
@injectable()
export class MarkAllAlertsRead {
  constructor(@inject(AlertRepository) private readonly alerts: AlertRepository) {}

  execute(userId: number, upToAlertId?: number): Promise<number> {
    return this.alerts.markAllRead(userId, upToAlertId);
  }
}
