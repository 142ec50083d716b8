import type { AlertDetector, NewUserAlert } from '../../../src/application/alerts/ports/alert-detector.js';

/**
 * Answers the alerts the test attached to quote ids; records what it was asked. It stays scripted on purpose: its
 * users test the plumbing around detection (one transaction, delivery after commit, what is mailed), and deciding
 * would need users, wishes, preferences and stores in memory. Which kinds a quote raises is one case table
 * (test/contracts/rules/alert-kinds.ts) played through the domain rules and through the SQL detector.
 */
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
