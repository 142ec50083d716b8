import { ContainerModule } from 'inversify';
import type { MailConfig } from '../../../config/config.js';
import { AlertMailer } from '../../application/pricing/ports/alert-detector.js';
import { SmtpAlertMailer, UnconfiguredAlertMailer } from './smtp-alert-mailer.js';

/** SMTP when SMTP_URL is set; otherwise e-mail alerts fail with a clear reason (in-app alerts still work). */
export const mailModule = (mail: MailConfig) =>
  new ContainerModule(({ bind }) => {
    bind(AlertMailer).toConstantValue(mail.smtpUrl ? new SmtpAlertMailer(mail.smtpUrl, mail.from) : new UnconfiguredAlertMailer());
  });
