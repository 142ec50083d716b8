// The demonstration metadata server: `startDemoMetadataServer` for development and tests.
export { startDemoMetadataServer } from './demo-metadata-server.js';
export { demoMetadataBookFor, demoSourceView, type DemoMetadataBook, type DemoSourceView } from './demo-metadata-catalogue.js';
export { InvalidOverrideError } from './demo-metadata-behaviours.js';
export { demoSearchableIsbns } from './demo-search-index.js';
export { demoLendingStatus } from './open-library-read-answers.js';
export {
  DEMO_LENDING_STATUSES,
  DEMO_METADATA_SOURCES,
  isDemoMetadataSource,
  type DemoLendingStatus,
  type DemoMetadataBehaviour,
  type DemoMetadataRequest,
  type DemoMetadataServer,
  type DemoMetadataServerOptions,
  type DemoMetadataSource,
} from './demo-metadata-types.js';
