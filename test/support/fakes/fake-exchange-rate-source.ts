import type { ExchangeRateSource, RatesAnswer, RatesPublication } from '../../../src/application/pricing/ports/exchange-rate-source.js';

/** Answers what the test set for each publication, and remembers what was asked. */
export class FakeExchangeRateSource implements ExchangeRateSource {
  readonly asked: RatesPublication[] = [];
  readonly answers: Record<RatesPublication, RatesAnswer> = {
    latest: { kind: 'refused', reason: 'missing', message: 'no latest answer set' },
    history: { kind: 'refused', reason: 'missing', message: 'no history answer set' },
  };

  async fetchRates(publication: RatesPublication): Promise<RatesAnswer> {
    this.asked.push(publication);
    return this.answers[publication];
  }
}
