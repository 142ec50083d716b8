import { inject, injectable } from 'inversify';
import { consolidationCompleted, consolidationFailed, consolidationStarted } from '../../domain/logging/pricing-events.js';
import { formatMonth, type Month } from '../../domain/pricing/month.js';
import { LogSink } from '../logging/log-sink.js';
import { Clock } from '../shared/clock.js';
import { UnitOfWork } from '../shared/unit-of-work.js';
import { Consolidation } from './ports/consolidation.js';

/** Month-end consolidation: one monthly quote per edition × store; one transaction, idempotent, all or nothing. */
@injectable()
export class ConsolidateMonth {
  constructor(
    @inject(Consolidation) private readonly consolidation: Consolidation,
    @inject(LogSink) private readonly logs: LogSink,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(month: Month): Promise<{ rowsProcessed: number; durationMs: number }> {
    const label = formatMonth(month);
    const started = this.clock.now();
    this.logs.record(consolidationStarted({ month: label }, started));
    try {
      const rowsProcessed = await this.uow.transaction(() => this.consolidation.consolidate(month));
      const durationMs = this.clock.now().getTime() - started.getTime();
      this.logs.record(consolidationCompleted({ rows_processed: rowsProcessed, duration_ms: durationMs, month: label }, this.clock.now()));
      return { rowsProcessed, durationMs };
    } catch (error) {
      this.logs.record(consolidationFailed({ error: error instanceof Error ? error.message : String(error), month: label }, this.clock.now()));
      throw error;
    }
  }
}
