import { describe, expect, it } from 'vitest';
import { cleanPosition, readSeriesCell, splitTitleSeries } from '../../../../../src/domain/wishes/import/title-series.js';

describe('splitTitleSeries', () => {
  it.each([
    ['Ninth House (Alex Stern, #1)', 'Ninth House', 'Alex Stern', '1'],
    ['Gideon the Ninth (The Locked Tomb #1)', 'Gideon the Ninth', 'The Locked Tomb', '1'],
    ['The Night Watch (Discworld, #29; City Watch #6)', 'The Night Watch', 'Discworld', '29'],
    ['Fool Moon (The Dresden Files #1.5)', 'Fool Moon', 'The Dresden Files', '1.5'],
    ['The Lord of the Rings (The Lord of the Rings, #1-3)', 'The Lord of the Rings', 'The Lord of the Rings', '1-3'],
    ['Ninth House (Alex Stern Book 1)', 'Ninth House', 'Alex Stern', '1'],
    ['Saga, Volume 1 (Saga, Vol. 1)', 'Saga, Volume 1', 'Saga', '1'],
  ])('splits the series suffix off %j', (raw, title, name, position) => {
    expect(splitTitleSeries(raw)).toEqual({ title, series: { name, position } });
  });

  it.each([
    'Tales (from the Old Country)',
    'Catch-22 (50th Anniversary Edition)',
    '1984 (Signet Classics)',
    'Dune (Dune)',
    'The Fellowship of the Ring',
    '(#1)',
  ])('keeps %j whole: no series number, no series column naming it', (raw) => {
    expect(splitTitleSeries(raw)).toEqual({ title: raw, series: null });
  });

  it("strips a suffix without a number when the export's own series column names it", () => {
    const discworld = { name: 'Discworld', position: '1' };
    expect(splitTitleSeries('The Colour of Magic (Discworld)', discworld)).toEqual({ title: 'The Colour of Magic', series: discworld });
    expect(splitTitleSeries('The Colour of Magic (DISCWORLD)', discworld).title).toBe('The Colour of Magic');
    expect(splitTitleSeries('Tales (from the Old Country)', discworld)).toEqual({ title: 'Tales (from the Old Country)', series: discworld });
  });

  it("prefers the series column to the suffix's spelling of it", () => {
    const column = { name: 'The Mistborn Saga', position: '1' };
    expect(splitTitleSeries('The Final Empire (Mistborn, #1)', column)).toEqual({ title: 'The Final Empire', series: column });
  });

  it('cleans the title and answers null for none', () => {
    expect(splitTitleSeries('  The Left Hand of Darkness\n(Hainish Cycle, #4) ')).toEqual({
      title: 'The Left Hand of Darkness',
      series: { name: 'Hainish Cycle', position: '4' },
    });
    expect(splitTitleSeries(null)).toEqual({ title: null, series: null });
    expect(splitTitleSeries('   ')).toEqual({ title: null, series: null });
  });
});

describe('readSeriesCell', () => {
  it('reads the series forms of the export columns, keeping the first series listed', () => {
    expect(readSeriesCell('The Mistborn Saga (#1), The Cosmere')).toEqual({ name: 'The Mistborn Saga', position: '1' });
    expect(readSeriesCell('Alex Stern (1)')).toEqual({ name: 'Alex Stern', position: '1' });
    expect(readSeriesCell('Alex Stern, #1')).toEqual({ name: 'Alex Stern', position: '1' });
    expect(readSeriesCell('Discworld (4)|Rincewind (1)')).toEqual({ name: 'Discworld', position: '4' });
    expect(readSeriesCell('Alex Stern, #1, Grishaverse')).toEqual({ name: 'Alex Stern', position: '1' });
    expect(readSeriesCell('InCryptid', '8.0')).toEqual({ name: 'InCryptid', position: '8' });
    expect(readSeriesCell('The Cosmere')).toEqual({ name: 'The Cosmere', position: null });
    expect(readSeriesCell('', '1.0')).toBeNull();
    expect(readSeriesCell(undefined)).toBeNull();
  });
});

describe('cleanPosition', () => {
  it("drops Calibre's .0 and spaces around a range, and keeps halves", () => {
    expect(cleanPosition('8.0')).toBe('8');
    expect(cleanPosition('1.5')).toBe('1.5');
    expect(cleanPosition('1 - 3')).toBe('1-3');
    expect(cleanPosition(' ')).toBeNull();
  });
});
