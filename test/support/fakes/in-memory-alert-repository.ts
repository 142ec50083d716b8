import type { AlertFilter, AlertRepository } from '../../../src/application/alerts/ports/alert-repository.js';
import type { Alert } from '../../../src/domain/alerts/alert.js';
import type { PageRequest, PageSlice } from '../../../src/domain/shared/page.js';
import { keysetPage } from './keyset-page.js';

interface StoredAlert extends Alert {
  userId: number;
}

/** User alerts in memory, newest (highest id) first; every method sees only the given user's alerts. */
export class InMemoryAlertRepository implements AlertRepository {
  private readonly rows: StoredAlert[] = [];

  /** Alerts as the detector would have created them for `userId`. */
  add(userId: number, ...alerts: Alert[]): this {
    this.rows.push(...alerts.map((alert) => ({ ...alert, userId })));
    return this;
  }

  /** The alert as stored, whoever owns it. */
  stored(alertId: number): Alert | undefined {
    const alert = this.rows.find((a) => a.id === alertId);
    return alert && withoutOwner(alert);
  }

  async page(userId: number, filter: AlertFilter, request: PageRequest): Promise<PageSlice<Alert>> {
    const mine = this.rows.filter((a) => a.userId === userId && (filter.isRead === undefined || a.isRead === filter.isRead));
    const page = keysetPage(mine, (a) => a.id, 'desc', request);
    return { ...page, items: page.items.map(withoutOwner) };
  }

  async markRead(userId: number, alertId: number, isRead: boolean): Promise<boolean> {
    const alert = this.rows.find((a) => a.userId === userId && a.id === alertId);
    if (!alert) return false;
    alert.isRead = isRead;
    return true;
  }

  async markAllRead(userId: number, upToAlertId?: number): Promise<number> {
    const marked = this.rows.filter((a) => a.userId === userId && !a.isRead && (upToAlertId === undefined || a.id <= upToAlertId));
    for (const alert of marked) alert.isRead = true;
    return marked.length;
  }
}

function withoutOwner({ userId: _owner, ...alert }: StoredAlert): Alert {
  return { ...alert };
}
