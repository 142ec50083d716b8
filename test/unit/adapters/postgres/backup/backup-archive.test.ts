import { describe, expect, it } from 'vitest';
import { BackupArchiveError, dataPath, FORMAT, parseBackupHeader, parseBackupTrailer } from '../../../../../src/adapters/postgres/backup/backup-archive.js';
import { mismatchMessage } from '../../../../../src/adapters/postgres/backup/major-version.js';

const header = {
  format: FORMAT,
  formatVersion: 1,
  label: 'shelfwatch 2026-11-26T01:49:51.753Z',
  createdAt: '2026-11-26T01:49:51.753Z',
  postgres: { major: 18, versionNum: 180004 },
  systemIdentifier: '7712289679307532496',
  timeline: 1,
  startLsn: '0/2000028',
};

describe('backup archive', () => {
  it('maps entries under pgdata/ into the data folder and refuses names that would leave it', () => {
    expect(dataPath('pgdata/base/1/1259')).toBe('base/1/1259');
    expect(dataPath('shelfwatch-backup.json')).toBeNull();
    for (const name of ['pgdata/../etc/passwd', 'pgdata//x', 'pgdata/a/./b', 'pgdata/', 'pgdata/a\\..\\b']) {
      expect(() => dataPath(name), name).toThrow(BackupArchiveError);
    }
  });

  it('reads its own header and refuses other files, damaged headers and newer formats', () => {
    expect(parseBackupHeader(JSON.stringify(header))).toEqual(header);
    expect(() => parseBackupHeader('{"format": "something-else"}')).toThrow(/not a Shelfwatch backup/);
    expect(() => parseBackupHeader('not json')).toThrow(/not JSON/);
    expect(() => parseBackupHeader(JSON.stringify({ ...header, startLsn: 5 }))).toThrow(/damaged/);
    expect(() => parseBackupHeader(JSON.stringify({ ...header, formatVersion: 2 }))).toThrow(/restore it with a newer version/);
    expect(() => parseBackupTrailer('{"endLsn": "0/2000120"}')).toThrow(/damaged/);
  });

  it('explains a major version mismatch in one line that points to the documentation', () => {
    const older = mismatchMessage('/srv/shelfwatch/.data/pg', 17, 18);
    expect(older).not.toContain('\n');
    expect(older).toMatch(/^The data folder \/srv\/shelfwatch\/\.data\/pg was made by PostgreSQL 17; this build ships PostgreSQL 18/);
    expect(older).toMatch(/run npm run export -- FILE; then move this folder away and, with this version, run npm run import -- FILE .*docs\/backup-restore\.md/);
    expect(mismatchMessage('/d', 19, 18)).toMatch(/ships PostgreSQL 19 \(a newer one\)/);
  });
});
