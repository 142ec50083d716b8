import { describe, expect, it } from 'vitest';
import { acceptsGzip } from '../../../../../../src/adapters/kits/http/routing/json-answer.js';

describe('acceptsGzip', () => {
  it('takes gzip when named or covered by *, in any case and order', () => {
    for (const header of ['gzip', 'gzip, deflate, br', 'br;q=1.0, GZIP;q=0.5', 'identity, *', 'deflate, * ;q=0.1']) {
      expect(acceptsGzip(header), header).toBe(true);
    }
  });

  it('refuses when absent, refused with q=0, or only * is refused', () => {
    for (const header of [undefined, '', 'identity', 'br, deflate', 'gzip;q=0', 'gzip; q=0.0, br', '*;q=0', 'x-gzip']) {
      expect(acceptsGzip(header), String(header)).toBe(false);
    }
  });
});
