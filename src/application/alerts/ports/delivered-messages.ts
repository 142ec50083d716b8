import type { ServiceIdentifier } from 'inversify';

/** Which messages reached their channel: a message is recorded, and logged as sent, once. */
export interface DeliveredMessages {
  has(idempotencyKey: string): Promise<boolean>;
  /** True when this call recorded it (false: it was recorded before). */
  record(idempotencyKey: string, channelId: number): Promise<boolean>;
}
export const DeliveredMessages = Symbol.for('DeliveredMessages') as ServiceIdentifier<DeliveredMessages>;
