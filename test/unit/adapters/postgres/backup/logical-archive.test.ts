import { describe, expect, it } from 'vitest';
import {
  EXPORT_FORMAT,
  EXPORT_FORMAT_VERSION,
  exportDamageInWords,
  type ExportHeader,
  parseExportHeader,
  parseExportTrailer,
  tableEntryName,
  tableOfEntry,
} from '../../../../../src/adapters/postgres/backup/logical-archive.js';
import { knownMigrations, lastMigration, migrationsProblem } from '../../../../../src/adapters/postgres/backup/logical-migrations.js';
import { TarFormatError } from '../../../../../src/adapters/postgres/backup/tar.js';

const header: ExportHeader = {
  format: EXPORT_FORMAT,
  formatVersion: EXPORT_FORMAT_VERSION,
  createdAt: '2026-11-26T10:00:00.000Z',
  postgres: { major: 18, versionNum: 180004, version: '18.4' },
  migrations: ['M1', 'M2'],
  tables: [{ name: 'book', columns: [{ name: 'book_id', type: 'bigint' }], rows: 2 }],
  sequences: [{ table: 'book', column: 'book_id', lastValue: '7' }],
};

describe('the export archive', () => {
  it('reads its own header and refuses other files, damaged headers and newer formats', () => {
    expect(parseExportHeader(JSON.stringify(header))).toEqual(header);
    expect(() => parseExportHeader('{"format": "shelfwatch-backup"}')).toThrow(/not a Shelfwatch export \(npm run export makes them\)/);
    expect(() => parseExportHeader('not json')).toThrow(/not JSON/);
    expect(() => parseExportHeader(JSON.stringify({ ...header, tables: [{ name: 'book', columns: [], rows: 1 }] }))).toThrow(/damaged/);
    expect(() => parseExportHeader(JSON.stringify({ ...header, formatVersion: 2, tables: 'changed' }))).toThrow(/format 2; .*import it with a newer version/);
    expect(() => parseExportTrailer('{"rows": 3}')).toThrow(/damaged/);
    expect(() => parseExportHeader(JSON.stringify({ ...header, migrations: [] }))).toThrow(/damaged/);
  });

  it('names entries by table and refuses names it does not write', () => {
    expect(tableEntryName('price_quote', 12)).toBe('tables/price_quote/000012.copy');
    expect(tableOfEntry('tables/price_quote/000012.copy')).toBe('price_quote');
    expect(tableOfEntry('secrets.json')).toBeNull();
    for (const name of ['tables/../etc/000001.copy', 'tables/book/1.copy', 'tables/Book/000001.copy', 'tables/book/000001.copy/x']) {
      expect(() => tableOfEntry(name)).toThrow(/unexpected name/);
    }
  });

  it("says in one line that a file is cut or damaged, and what to do; other errors pass", () => {
    const cut = exportDamageInWords(Object.assign(new Error('unexpected end of file'), { code: 'Z_BUF_ERROR' }), '/x/e.tar.gz') as Error;
    expect(cut.message).toMatch(/^\/x\/e\.tar\.gz is cut short: .*Nothing was imported: copy the export again/);
    const damaged = exportDamageInWords(new TarFormatError('bad tar header checksum'), '/x/e.tar.gz') as Error;
    expect(damaged.message).toMatch(/^\/x\/e\.tar\.gz is damaged: .*bad tar header checksum.*use another copy/);
    const other = new Error('connection refused');
    expect(exportDamageInWords(other, 'f')).toBe(other);
  });
});

describe("an export's migrations", () => {
  const known = ['A', 'B', 'C', 'D'];

  it('are recreated up to the last one when they are this version’s first ones', () => {
    expect(migrationsProblem(['A', 'B'], known)).toBeNull();
    expect(lastMigration(['A', 'B'], known)).toBe('B');
    expect(migrationsProblem(known, known)).toBeNull();
  });

  it('refuse an export of a newer Shelfwatch in one line, and one that skipped a migration', () => {
    expect(migrationsProblem(['A', 'B', 'E'], known)).toBe(
      'This export was made by a newer Shelfwatch version: its database has a migration this version does not know (E); import it with that version or a newer one',
    );
    expect(migrationsProblem(['A', 'E', 'F'], known)).toMatch(/has 2 migrations this version does not know \(E, F\)/);
    expect(migrationsProblem(['A', 'C'], known)).toMatch(/lacks B, which comes before its last migration C/);
  });

  it("are this version's list, in order", () => {
    const list = knownMigrations();
    expect(list.length).toBeGreaterThan(10);
    expect(list[0]).toBe('Migration20261122000001_catalog');
    expect([...list].sort()).toEqual(list);
  });
});
