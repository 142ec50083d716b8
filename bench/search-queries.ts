import { RARE_WORD } from './seed.js';

/** The catalog benchmark's search mix (bench/run.ts), one query of each kind; bench/search-plans.ts explains them. */
export const SEARCHES: ReadonlyArray<{ kind: string; q: string }> = [
  { kind: 'author surname', q: 'pemberton' },
  { kind: 'title word', q: 'lantern' },
  { kind: 'common title word', q: 'river' },
  { kind: 'two-word phrase', q: 'silent river' },
  { kind: 'rare word', q: RARE_WORD },
  { kind: 'accented spelling', q: 'tolkién' },
  { kind: 'prefix as a user types', q: 'silen' },
];
