import type { AlertMailer, NewUserAlert } from '../../../src/application/pricing/ports/alert-detector.js';

/** Records sent mail; addresses in `refusing` make `send` throw, as a mail server refusing would. */
export class FakeAlertMailer implements AlertMailer {
  readonly sent: Array<{ to: string; alert: NewUserAlert }> = [];
  readonly refusing = new Map<string, string>();

  refuse(address: string, message = 'mail server refused the recipient'): this {
    this.refusing.set(address, message);
    return this;
  }

  async send(to: string, alert: NewUserAlert): Promise<void> {
    const refusal = this.refusing.get(to);
    if (refusal !== undefined) throw new Error(refusal);
    this.sent.push({ to, alert });
  }
}
