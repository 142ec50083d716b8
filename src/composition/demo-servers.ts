import type { AppConfig } from '../../config/config.js';
import { startDemoMetadataServer } from '../adapters/demo/metadata/index.js';
import { startDemoStoreServer } from '../adapters/demo/stores/index.js';
import type { ShutdownStack } from './shutdown-stack.js';
import type { Say } from './tokens.js';

const hostAndPort = (url: string) => {
  const parsed = new URL(url);
  return { host: parsed.hostname, port: Number(parsed.port || 80) };
};

/**
 * Local stand-ins for the stores (DEMO_STORE_SERVER) and the metadata service (METADATA_DEMO_SERVER), for development
 * and demonstrations. Started before the workers that fetch from them, so they are stopped after them.
 */
export async function startDemoServers(config: AppConfig, shutdown: ShutdownStack, say: Say): Promise<void> {
  if (config.pricing.demoServer) {
    const demo = await startDemoStoreServer(hostAndPort(config.stores.demoStoreUrl));
    shutdown.push('demonstration stores', () => demo.close());
    say(`Demonstration stores at ${demo.url}`);
  }
  if (config.metadata.demoServerUrl !== null) {
    const metadata = await startDemoMetadataServer(hostAndPort(config.metadata.demoServerUrl));
    shutdown.push('demonstration metadata server', () => metadata.close());
    say(`Demonstration book metadata at ${metadata.url}`);
  }
}
