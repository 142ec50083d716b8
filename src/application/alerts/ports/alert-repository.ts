import type { ServiceIdentifier } from 'inversify';
import type { Alert } from '../../../domain/alerts/alert.js';
import type { PageRequest, PageSlice } from '../../../domain/shared/page.js';

/** Narrows the user's alerts; an absent field does not filter. */
export interface AlertFilter {
  /** Only read (`true`) or only unread (`false`) alerts. */
  isRead?: boolean;
}

/** The user's alerts, newest first; scoped to the given user. */
export interface AlertRepository {
  page(userId: number, filter: AlertFilter, request: PageRequest): Promise<PageSlice<Alert>>;
  /** False when the user has no such alert. */
  markRead(userId: number, alertId: number, isRead: boolean): Promise<boolean>;
  /** Marks the user's unread alerts read, those up to `upToAlertId` only when given; answers how many it marked. */
  markAllRead(userId: number, upToAlertId?: number): Promise<number>;
}
export const AlertRepository = Symbol.for('AlertRepository') as ServiceIdentifier<AlertRepository>;
