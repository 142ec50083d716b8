import { describe, expect, it } from 'vitest';
import { numberedPlaceholders } from '../../../../../src/adapters/kits/sql/select-rows.js';

describe('numberedPlaceholders', () => {
  it('numbers the placeholders in order', () => {
    expect(numberedPlaceholders('select ? where a = ? and b in (?, ?)')).toBe('select $1 where a = $2 and b in ($3, $4)');
  });

  it('leaves a statement without placeholders as it is', () => {
    expect(numberedPlaceholders('select 1')).toBe('select 1');
  });
});
