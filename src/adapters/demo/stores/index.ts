// The demonstration store server: `startDemoStoreServer` for development, tests and benchmarks.
export { DEFAULT_DEMO_SEED, startDemoStoreServer } from './demo-store-server.js';
export { DEMO_STORES, type DemoStoreEntry } from './demo-store-catalogue.js';
export { InvalidBehaviourError } from './behaviour-schema.js';
export {
  DEMO_STORE_SLUGS,
  isDemoStoreSlug,
  type DemoAvailability,
  type DemoBehaviour,
  type DemoStoreServer,
  type DemoStoreServerOptions,
  type DemoStoreSlug,
  type DemoStoreStats,
} from './demo-store-types.js';
export { bookFor, defaultOfferFor } from './deterministic-catalogue.js';
