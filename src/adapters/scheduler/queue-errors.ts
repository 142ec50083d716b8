import { consoleLogger } from '../kits/console/console-output.js';

/** An error of the queue itself (pg-boss's own, a complete or fail it refused): one console line, work goes on. */
export const reportQueueError = (error: Error): void => void consoleLogger.error('job queue error', { error: error.message });
