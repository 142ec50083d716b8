import type { ServiceIdentifier } from 'inversify';
import type { DeliveryAttempt } from '../../../domain/alerts/delivery-attempt.js';

/**
 * Keeps each channel's latest delivery attempt, which the channel's representation shows (`last_delivery`): the
 * workers record every attempt, so a queued test's outcome, or an alert channel failing, is visible to its owner.
 */
export interface DeliveryAttempts {
  /** Keeps `attempt` unless the channel already holds a later one (attempts may end out of order); nothing for an unknown channel. */
  record(userId: number, channelId: number, attempt: DeliveryAttempt): Promise<void>;
}
export const DeliveryAttempts = Symbol.for('DeliveryAttempts') as ServiceIdentifier<DeliveryAttempts>;
