import { randomUUID } from 'node:crypto';
import { ContainerModule } from 'inversify';
import type { AppConfig } from '../../../config/config.js';
import { Clock, systemClock } from '../../application/shared/clock.js';
import { ShutdownStack } from '../shutdown-stack.js';
import { Config, InstanceId, Say } from '../tokens.js';

/** What every process has: its configuration, its terminal, the clock, its instance id and its shutdown stack. */
export const processModule = (config: AppConfig, say: Say, shutdown: ShutdownStack) =>
  new ContainerModule(({ bind }) => {
    bind(Config).toConstantValue(config);
    bind(Say).toConstantValue(say);
    bind(Clock).toConstantValue(systemClock);
    bind(InstanceId).toConstantValue(randomUUID());
    bind(ShutdownStack).toConstantValue(shutdown);
  });
