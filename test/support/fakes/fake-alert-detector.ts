import type { AlertDetector, NewUserAlert } from '../../../src/application/pricing/ports/alert-detector.js';

/** Answers the alerts the test attached to quote ids; records what it was asked. */
export class FakeAlertDetector implements AlertDetector {
  readonly asked: number[][] = [];
  private readonly byQuote = new Map<number, NewUserAlert[]>();

  alertsFor(quoteId: number, ...alerts: NewUserAlert[]): this {
    this.byQuote.set(quoteId, [...(this.byQuote.get(quoteId) ?? []), ...alerts]);
    return this;
  }

  async alertsForQuotes(quoteIds: readonly number[]): Promise<NewUserAlert[]> {
    this.asked.push([...quoteIds]);
    return quoteIds.flatMap((id) => this.byQuote.get(id) ?? []);
  }
}
