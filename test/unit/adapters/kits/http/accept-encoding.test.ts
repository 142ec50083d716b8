import { describe, expect, it } from 'vitest';
import { chooseEncoding } from '../../../../../src/adapters/kits/http/accept-encoding.js';

describe('chooseEncoding', () => {
  it('takes gzip when named or covered by *, in any case and order', () => {
    for (const header of ['gzip', 'gzip, deflate, br', 'br;q=1.0, GZIP;q=0.5', 'identity, *', 'deflate, * ;q=0.1']) {
      expect(chooseEncoding(header, ['gzip']), header).toBe('gzip');
    }
  });

  it('answers identity when gzip is absent, refused with q=0, or only * is refused', () => {
    for (const header of [undefined, '', 'identity', 'br, deflate', 'gzip;q=0', 'gzip; q=0.0, br', '*;q=0', 'x-gzip']) {
      expect(chooseEncoding(header, ['gzip']), String(header)).toBe('identity');
    }
  });

  it('prefers brotli at equal weight and the heavier coding otherwise, among those offered', () => {
    expect(chooseEncoding('gzip, br', ['br', 'gzip'])).toBe('br');
    expect(chooseEncoding('br;q=0.5, gzip', ['br', 'gzip'])).toBe('gzip');
    expect(chooseEncoding('br', ['gzip'])).toBe('identity');
    expect(chooseEncoding('*', ['br', 'gzip'])).toBe('br');
  });
});
