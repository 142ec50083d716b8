import type { ExchangeRateSource, RatesAnswer, RatesPublication } from '../../application/pricing/ports/exchange-rate-source.js';
import { nodeHttpTransport, type Transport } from '../kits/net/node-http-transport.js';
import { RatesDocumentError, readEcbRates } from './ecb-rates-xml.js';

export interface EcbRatesOptions {
  /** The folder holding eurofxref-daily.xml and eurofxref-hist-90d.xml (FX_RATES_URL). */
  baseUrl: string;
  userAgent: string;
  timeoutMs: number;
}

const FILES: Record<RatesPublication, string> = { latest: 'eurofxref-daily.xml', history: 'eurofxref-hist-90d.xml' };
/** The 90-day history is about 50 KB; a larger answer is not the ECB's file. */
const MAX_BYTES = 1024 * 1024;

/** The European Central Bank's euro foreign exchange reference rates, published on working days around 16:00 CET. */
export class EcbExchangeRateSource implements ExchangeRateSource {
  constructor(
    private readonly options: EcbRatesOptions,
    private readonly transport: Transport = nodeHttpTransport(),
  ) {}

  async fetchRates(publication: RatesPublication): Promise<RatesAnswer> {
    const url = new URL(FILES[publication], this.options.baseUrl.endsWith('/') ? this.options.baseUrl : `${this.options.baseUrl}/`).toString();
    let body: string;
    try {
      const response = await this.transport.get(url, { headers: { 'user-agent': this.options.userAgent, accept: 'application/xml, text/xml' }, timeoutMs: this.options.timeoutMs });
      if (response.status === 404 || response.status === 410) {
        response.discard();
        return { kind: 'refused', reason: 'missing', message: `${url} answered ${response.status}` };
      }
      if (response.status !== 200) {
        response.discard();
        return { kind: 'refused', reason: 'unavailable', message: `${url} answered ${response.status}` };
      }
      body = await response.text(MAX_BYTES + 1);
    } catch (error) {
      return { kind: 'refused', reason: 'unavailable', message: `${url}: ${(error as Error).message}` };
    }
    if (body.length > MAX_BYTES) return { kind: 'refused', reason: 'unreadable', message: `${url} is larger than ${MAX_BYTES} bytes` };
    try {
      return { kind: 'rates', days: readEcbRates(body) };
    } catch (error) {
      if (error instanceof RatesDocumentError) return { kind: 'refused', reason: 'unreadable', message: `${url}: ${error.message}` };
      throw error;
    }
  }
}
