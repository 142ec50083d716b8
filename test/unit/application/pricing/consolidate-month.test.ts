// ConsolidateMonth with hand-written fakes: one transaction per month, and the events that frame it.
import { describe, expect, it } from 'vitest';
import { ConsolidateMonth } from '../../../../src/application/pricing/consolidate-month.js';
import { FakeClock } from '../../../support/fakes/fake-clock.js';
import { FakeConsolidation } from '../../../support/fakes/fake-consolidation.js';
import { FakeLogSink } from '../../../support/fakes/fake-log-sink.js';
import { FakeUnitOfWork } from '../../../support/fakes/fake-unit-of-work.js';

const OCTOBER = { year: 2026, month: 10 };

function world() {
  const clock = new FakeClock(new Date('2026-11-01T02:00:00Z'));
  const consolidation = new FakeConsolidation();
  const logs = new FakeLogSink();
  const uow = new FakeUnitOfWork();
  return { use: new ConsolidateMonth(consolidation, logs, uow, clock), clock, consolidation, logs, uow };
}

describe('ConsolidateMonth', () => {
  it('consolidates the month in one transaction and logs started and completed with rows and duration', async () => {
    const { use, clock, consolidation, logs, uow } = world();
    const started = clock.now();
    consolidation.dailyQuotes(OCTOBER, 1234);
    consolidation.during = () => clock.advance(2_500);

    expect(await use.execute(OCTOBER)).toEqual({ rowsProcessed: 1234, durationMs: 2_500 });
    expect(consolidation.months).toEqual([OCTOBER]);
    expect(uow.committed).toBe(1);
    expect(logs.events).toEqual([
      { level: 'info', source: 'consolidation', event: 'consolidation_started', detail: { month: '2026-10' }, time: started },
      {
        level: 'info',
        source: 'consolidation',
        event: 'consolidation_completed',
        detail: { rows_processed: 1234, duration_ms: 2_500, month: '2026-10' },
        time: clock.now(),
      },
    ]);
  });

  it('a second run of the same month finds nothing left to consolidate', async () => {
    const { use, consolidation } = world();
    consolidation.dailyQuotes(OCTOBER, 10);
    await use.execute(OCTOBER);
    expect(await use.execute(OCTOBER)).toMatchObject({ rowsProcessed: 0 });
  });

  it('zero-pads the month in the events', async () => {
    const { use, logs } = world();
    await use.execute({ year: 2027, month: 1 });
    expect(logs.events.map((e) => e.detail.month)).toEqual(['2027-01', '2027-01']);
  });

  it('on failure rolls back, logs consolidation_failed with the reason, and rethrows', async () => {
    const { use, consolidation, logs, uow } = world();
    consolidation.failWith(new Error('deadlock detected'));
    await expect(use.execute(OCTOBER)).rejects.toThrow('deadlock detected');
    expect(uow.rolledBack).toBe(1);
    expect(logs.names()).toEqual(['consolidation_started', 'consolidation_failed']);
    expect(logs.named('consolidation_failed')[0]).toMatchObject({ level: 'error', detail: { error: 'deadlock detected', month: '2026-10' } });
  });
});
