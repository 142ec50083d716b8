// The browser code's pure pieces, under Node: money display, where validation details go.
import { describe, expect, it } from 'vitest';
import { candidateNames, placeProblems } from '../../../../src/adapters/web/client/field-problems.js';
import { formatMoney } from '../../../../src/adapters/web/client/money.js';
import { DEFAULT_PAGE, safeNextPage } from '../../../../src/adapters/web/client/next-page.js';

describe('money display', () => {
  it('groups the digits of the decimal string without rounding it', () => {
    expect(formatMoney('1234567.10', 'EUR')).toBe('1,234,567.10 EUR');
    expect(formatMoney('1500', 'JPY')).toBe('1,500 JPY');
    expect(formatMoney('0.10', 'EUR')).toBe('0.10 EUR');
    expect(formatMoney('9007199254740993.01', 'EUR')).toBe('9,007,199,254,740,993.01 EUR');
  });
});

describe('validation details next to fields', () => {
  it('tries the JSON path, then its parents', () => {
    expect(candidateNames('max_price.amount')).toEqual(['max_price.amount', 'max_price']);
    expect(candidateNames('author_ids[1]')).toEqual(['author_ids[1]', 'author_ids']);
  });

  it('places each detail on the most specific field the form has, and keeps the rest for the error display', () => {
    const { byField, unplaced } = placeProblems(
      [
        { field: 'max_price.amount', message: 'not a decimal' },
        { field: 'aliases[2]', message: 'too long' },
        { field: 'aliases[3]', message: 'empty' },
        { field: 'surprise', message: 'unknown field' },
      ],
      ['max_price.amount', 'max_price.currency', 'aliases'],
    );
    expect([...byField]).toEqual([['max_price.amount', ['not a decimal']], ['aliases', ['too long', 'empty']]]);
    expect(unplaced).toEqual([{ field: 'surprise', message: 'unknown field' }]);
  });
});

describe('safeNextPage', () => {
  const origin = 'http://localhost:3000';

  const home = `${origin}${DEFAULT_PAGE}`;

  it('keeps a path of this site, with its query and fragment, as a whole URL of this origin', () => {
    expect(safeNextPage('/wishes.html?page=2#top', origin)).toBe(`${origin}/wishes.html?page=2#top`);
    expect(safeNextPage('/books/12', origin)).toBe(`${origin}/books/12`);
  });

  it('refuses every way of naming another site, as the browser would resolve it', () => {
    for (const next of ['//evil.example/', '/\\evil.example/', '/\t/evil.example/', '/\n/evil.example', '\\\\evil.example', 'https://evil.example/', 'javascript:alert(1)', ' /books.html']) {
      expect(safeNextPage(next, origin), next).toBe(home);
    }
  });

  it('never answers a path a browser would read as another site, whatever dot segments lead to it', () => {
    for (const next of ['/..//evil.example/', '/.//evil.example/', '/x/..//evil.example/', '/%2e%2e//evil.example/', '/.\\/evil.example/', '/./..//evil.example/x?y#z']) {
      const answer = safeNextPage(next, origin);
      expect(new URL(answer).origin, next).toBe(origin);
      expect(answer.startsWith(`${origin}/`), next).toBe(true);
      // What location.assign receives resolves to this origin again, against any base.
      expect(new URL(answer, 'http://elsewhere.example/').origin, next).toBe(origin);
    }
  });

  it('never goes back to the sign-in page, and falls back when there is no next', () => {
    expect(safeNextPage('/sign-in.html?next=/x', origin)).toBe(home);
    expect(safeNextPage('//sign-in.html', origin)).toBe(home);
    expect(safeNextPage(null, origin)).toBe(home);
    expect(safeNextPage('', origin)).toBe(home);
  });
});
