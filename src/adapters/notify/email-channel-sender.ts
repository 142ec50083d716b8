import type { Transporter } from 'nodemailer';
import { type ChannelDestination, ChannelDeliveryFailed, type ChannelMessage, type ChannelSender } from '../../application/alerts/ports/channel-sender.js';
import { alertEmail, digestEmail, type EmailText, testEmail } from './channel-email-text.js';
import { withoutControlCharacters } from './header-text.js';
import { smtpTransport } from './smtp-transport.js';

/** Alerts by e-mail through `SMTP_URL`: one e-mail per message, or a day's messages in one digest. */
export class EmailChannelSender implements ChannelSender {
  private readonly transport: Transporter | null;

  /** `smtpUrl` null: e-mail is not configured, and every e-mail fails saying so. */
  constructor(
    smtpUrl: string | null,
    private readonly from: string,
  ) {
    this.transport = smtpUrl ? smtpTransport(smtpUrl) : null;
  }

  send(destination: ChannelDestination, message: ChannelMessage): Promise<void> {
    return this.deliver(destination, alertEmail(message));
  }

  async sendDigest(destination: ChannelDestination, messages: readonly ChannelMessage[], day: string): Promise<void> {
    // A day without alerts has nothing to say.
    if (messages.length === 0) return;
    await this.deliver(destination, digestEmail(messages, day));
  }

  sendTest(destination: ChannelDestination): Promise<void> {
    return this.deliver(destination, testEmail());
  }

  private async deliver(destination: ChannelDestination, email: EmailText): Promise<void> {
    if (this.transport === null) throw new ChannelDeliveryFailed('e-mail is not configured (SMTP_URL)', false);
    try {
      // The address as one mailbox, never parsed as a list: a stored target cannot fan out to other recipients.
      const to = { name: '', address: destination.target };
      await this.transport.sendMail({ from: this.from, to, subject: withoutControlCharacters(email.subject), text: email.text });
    } catch (error) {
      throw smtpFailure(error);
    }
  }
}

/**
 * The mail server's permanent refusals (5xx: no such mailbox, relaying denied, bad credentials) and an address
 * nodemailer cannot use will fail again; anything else (the server down, slow, or busy with a 4xx) may pass later.
 */
function smtpFailure(error: unknown): ChannelDeliveryFailed {
  const { code, responseCode, message } = (error ?? {}) as { code?: string; responseCode?: number; message?: string };
  const permanent = (responseCode !== undefined && responseCode >= 500 && responseCode < 600) || (code === 'EENVELOPE' && responseCode === undefined);
  return new ChannelDeliveryFailed(`the mail server did not take the e-mail: ${message ?? String(error)}`, !permanent);
}
