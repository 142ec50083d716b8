import { describe, expect, it } from 'vitest';
import { topLevelKeys } from '../../../../../src/domain/wishes/import/json-keys.js';

describe('topLevelKeys', () => {
  it('lists the top-level keys in file order, even those that look like numbers', () => {
    expect(topLevelKeys('{"210": {"a": 1}, "35": [], "1007": "x"}')).toEqual(['210', '35', '1007']);
  });

  it('ignores nested keys and strings that only look like keys', () => {
    const text = '{ "a" : {"b": {"c": 1}}, "d": ["e:", "f"], "g\\"h": "i\\\\", "j": "{\\"k\\": 1}" }';
    expect(topLevelKeys(text)).toEqual(['a', 'd', 'g"h', 'j']);
  });
});
