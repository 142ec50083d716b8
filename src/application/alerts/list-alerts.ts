import { inject, injectable } from 'inversify';
import type { Alert } from '../../domain/alerts/alert.js';
import type { PageRequest, PageSlice } from '../../domain/shared/page.js';
import { type AlertFilter, AlertRepository } from './ports/alert-repository.js';

@injectable()
export class ListAlerts {
  constructor(@inject(AlertRepository) private readonly alerts: AlertRepository) {}

  execute(userId: number, filter: AlertFilter, page: PageRequest): Promise<PageSlice<Alert>> {
    return this.alerts.page(userId, filter, page);
  }
}
