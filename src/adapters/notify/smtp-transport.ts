import nodemailer, { type Transporter } from 'nodemailer';

/** One nodemailer transport for `SMTP_URL`, with timeouts so a dead server cannot hang a sender. */
export function smtpTransport(smtpUrl: string): Transporter {
  return nodemailer.createTransport(smtpUrl, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
}
