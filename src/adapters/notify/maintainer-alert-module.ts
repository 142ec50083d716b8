import { ContainerModule } from 'inversify';
import type { MailConfig, MaintainerAlertConfig } from '../../../config/config.js';
import { AlertChannel } from '../../application/logging/ports/alert-channel.js';
import { alertChannelFromConfig } from './maintainer-alert-channels.js';

/** Where maintainer alerts go: the configured webhook and/or e-mail, else the console. */
export const maintainerAlertChannelModule = (alerts: MaintainerAlertConfig, mail: MailConfig) =>
  new ContainerModule(({ bind }) => {
    bind(AlertChannel).toConstantValue(alertChannelFromConfig(alerts, mail));
  });
