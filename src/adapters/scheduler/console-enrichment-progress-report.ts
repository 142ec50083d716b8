import type { EnrichmentProgress, EnrichmentProgressReport } from '../../application/catalog/ports/enrichment-progress-report.js';
import { consoleLogger } from '../kits/console/console-output.js';

/** An enrichment run's progress as a console line (`enrichment progress`). */
export class ConsoleEnrichmentProgressReport implements EnrichmentProgressReport {
  report(progress: EnrichmentProgress): void {
    consoleLogger.info('enrichment progress', progress);
  }
}
