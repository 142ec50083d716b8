import type { AlertChannel } from '../../../src/application/logging/ports/alert-channel.js';
import type { MaintainerAlert } from '../../../src/domain/logging/maintainer-alert.js';

/** Keeps the maintainer alerts sent. */
export class FakeAlertChannel implements AlertChannel {
  readonly sent: MaintainerAlert[] = [];

  async send(alert: MaintainerAlert): Promise<void> {
    this.sent.push(alert);
  }
}
