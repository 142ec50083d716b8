import { ContainerModule, type ServiceIdentifier } from 'inversify';
import type { AppConfig } from '../../../config/config.js';
import { startDemoMetadataServer } from '../../adapters/demo/metadata/index.js';
import { startDemoStoreServer } from '../../adapters/demo/stores/index.js';
import { ShutdownStack } from '../shutdown-stack.js';
import { Say } from '../tokens.js';

export interface RunningDemoServer {
  url: string;
}
/** The demonstration stores (DEMO_STORE_SERVER), started when first resolved (async). */
export const DemoStoreServer = Symbol.for('DemoStoreServer') as ServiceIdentifier<RunningDemoServer>;
/** The demonstration metadata service (METADATA_DEMO_SERVER), started when first resolved (async). */
export const DemoMetadataServer = Symbol.for('DemoMetadataServer') as ServiceIdentifier<RunningDemoServer>;

const hostAndPort = (url: string) => {
  const parsed = new URL(url);
  return { host: parsed.hostname, port: Number(parsed.port || 80) };
};

/** Local stand-ins for the stores and the metadata service, for development and demonstrations. */
export const demoModule = (config: AppConfig) =>
  new ContainerModule(({ bind }) => {
    bind(DemoStoreServer).toDynamicValue(async (context) => {
      const demo = await startDemoStoreServer(hostAndPort(config.stores.demoStoreUrl));
      context.get(ShutdownStack).push('demonstration stores', () => demo.close());
      context.get(Say)(`Demonstration stores at ${demo.url}`);
      return demo;
    });
    bind(DemoMetadataServer).toDynamicValue(async (context) => {
      const metadata = await startDemoMetadataServer(hostAndPort(config.metadata.demoServerUrl ?? ''));
      context.get(ShutdownStack).push('demonstration metadata server', () => metadata.close());
      context.get(Say)(`Demonstration book metadata at ${metadata.url}`);
      return metadata;
    });
  });
