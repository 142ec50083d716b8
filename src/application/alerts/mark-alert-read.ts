import { inject, injectable } from 'inversify';
import { AlertNotFoundError } from '../../domain/alerts/alert.js';
import { AlertRepository } from './ports/alert-repository.js';

@injectable()
export class MarkAlertRead {
  constructor(@inject(AlertRepository) private readonly alerts: AlertRepository) {}

  async execute(userId: number, alertId: number, isRead: boolean): Promise<void> {
    if (!(await this.alerts.markRead(userId, alertId, isRead))) throw new AlertNotFoundError(alertId);
  }
}
