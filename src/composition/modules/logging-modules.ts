import { ContainerModule } from 'inversify';
import type { AppConfig } from '../../../config/config.js';
import { inProcessLoggingModule, type LogBatchWriting } from '../../adapters/logging/in-process-logging-module.js';
import { remoteLoggingModule } from '../../adapters/logging/remote-logging-module.js';
import { maintainerAlertChannelModule } from '../../adapters/notify/maintainer-alert-module.js';
import { StartedResources } from '../started-resources.js';

/**
 * This process is the logging component (LOGGING_MODE=in-process, the standalone component, the retention script),
 * or it sends its events to the standalone one (LOGGING_MODE=remote).
 */
export function loggingModules(config: AppConfig, resources: StartedResources, writing: LogBatchWriting, isComponent: boolean): ContainerModule[] {
  const { logging } = config;
  if (!isComponent && logging.mode === 'remote' && logging.url && logging.sharedSecret) {
    return [remoteLoggingModule(logging.url, logging.sharedSecret)];
  }
  const database = { url: () => resources.databaseUrl, entityManager: () => resources.orm.em };
  return [inProcessLoggingModule(database, writing, logging), maintainerAlertChannelModule(logging.alerts, config.mail)];
}
