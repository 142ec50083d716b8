import type { Transporter } from 'nodemailer';
import type { AlertMailer, NewUserAlert } from '../../application/pricing/ports/alert-detector.js';
import { smtpTransport } from './smtp-transport.js';

const SUBJECTS: Record<NewUserAlert['kind'], string> = {
  below_max_price: 'is at or under your price',
  price_drop: 'dropped in price',
  new_lowest: 'is at its lowest price yet',
  back_in_stock: 'is back in stock',
};

/** User alert e-mails over SMTP (`SMTP_URL`), sent with nodemailer. */
export class SmtpAlertMailer implements AlertMailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = smtpTransport(smtpUrl);
  }

  async send(to: string, alert: NewUserAlert): Promise<void> {
    const price = `${alert.amount} ${alert.currency}`;
    await this.transport.sendMail({
      from: this.from,
      to,
      subject: `“${alert.bookTitle}” ${SUBJECTS[alert.kind]}: ${price} at ${alert.storeName}`,
      text: [
        `“${alert.bookTitle}” ${SUBJECTS[alert.kind]} at ${alert.storeName}: ${price}.`,
        alert.threshold ? `Your maximum price: ${alert.threshold} ${alert.currency}.` : '',
        alert.url ? `Store page: ${alert.url}` : '',
        '',
        'You receive this because alert e-mails are on in your Shelfwatch preferences.',
      ]
        .filter((line, i, all) => line !== '' || i === all.length - 2)
        .join('\n'),
    });
  }
}

/** Used when SMTP_URL is not set: every e-mail fails with a clear reason (logged as alert_failed). */
export class UnconfiguredAlertMailer implements AlertMailer {
  send(): Promise<void> {
    return Promise.reject(new Error('e-mail is not configured (SMTP_URL is unset)'));
  }
}
