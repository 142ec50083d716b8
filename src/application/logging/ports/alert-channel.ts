import type { ServiceIdentifier } from 'inversify';
import type { MaintainerAlert } from '../../../domain/logging/maintainer-alert.js';

/** Where maintainer alerts go (webhook, e-mail). `send` never throws: a failed delivery is reported on the console. */
export interface AlertChannel {
  send(alert: MaintainerAlert): Promise<void>;
}
export const AlertChannel = Symbol.for('AlertChannel') as ServiceIdentifier<AlertChannel>;
