import { ContainerModule } from 'inversify';
import type { MailConfig, MaintainerAlertConfig } from '../../../config/config.js';
import { AlertChannel } from '../../application/logging/ports/alert-channel.js';
import { AlertMailer } from '../../application/pricing/ports/alert-detector.js';
import { alertChannelFromConfig } from './maintainer-alert-channels.js';
import { SmtpAlertMailer, UnconfiguredAlertMailer } from './smtp-alert-mailer.js';

/** SMTP when SMTP_URL is set; otherwise e-mail alerts fail with a clear reason (in-app alerts still work). */
export const mailModule = (mail: MailConfig) =>
  new ContainerModule(({ bind }) => {
    bind(AlertMailer).toConstantValue(mail.smtpUrl ? new SmtpAlertMailer(mail.smtpUrl, mail.from) : new UnconfiguredAlertMailer());
  });

/** Where maintainer alerts go: the configured webhook and/or e-mail, else the console. */
export const maintainerAlertChannelModule = (alerts: MaintainerAlertConfig, mail: MailConfig) =>
  new ContainerModule(({ bind }) => {
    bind(AlertChannel).toConstantValue(alertChannelFromConfig(alerts, mail));
  });
