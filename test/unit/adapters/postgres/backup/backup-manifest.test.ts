import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { compareWithManifest, ManifestError, parseBackupManifest } from '../../../../../src/adapters/postgres/backup/backup-manifest.js';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/** A manifest laid out as PostgreSQL writes it: one file per line, the checksum over every line before the last. */
function manifest(files: string[]): string {
  const body =
    '{ "PostgreSQL-Backup-Manifest-Version": 2,\n' +
    '"System-Identifier": 7712289679307532496,\n' +
    '"Files": [\n' +
    files.join(',\n') +
    '\n],\n' +
    '"WAL-Ranges": [\n{ "Timeline": 1, "Start-LSN": "0/2000028", "End-LSN": "0/2000120" }\n],\n';
  return `${body}"Manifest-Checksum": "${sha(body)}"}\n`;
}

const label = 'START WAL LOCATION: 0/2000028\n';
const files = [
  `{ "Path": "backup_label", "Size": ${label.length}, "Last-Modified": "2026-11-26 01:49:51 GMT", "Checksum-Algorithm": "SHA256", "Checksum": "${sha(label)}" }`,
  // A non-UTF-8-safe name is hex-encoded by PostgreSQL.
  `{ "Encoded-Path": "${Buffer.from('base/1/1259').toString('hex')}", "Size": 3, "Last-Modified": "2026-11-26 01:49:51 GMT", "Checksum-Algorithm": "SHA256", "Checksum": "${sha('abc')}" }`,
  '{ "Path": "global/pg_control", "Size": 8192, "Last-Modified": "2026-11-26 01:49:51 GMT" }',
];

describe('PostgreSQL backup manifest', () => {
  it('reads files, WAL ranges and the system identifier, checking the manifest checksum', () => {
    const parsed = parseBackupManifest(manifest(files));
    expect(parsed.systemIdentifier).toBe('7712289679307532496');
    expect(parsed.files.map((file) => file.path)).toEqual(['backup_label', 'base/1/1259', 'global/pg_control']);
    expect(parsed.walRanges).toEqual([{ timeline: 1, startLsn: '0/2000028', endLsn: '0/2000120' }]);
  });

  it('refuses a manifest whose content does not match its checksum', () => {
    const damaged = manifest(files).replace('"Size": 3', '"Size": 4');
    expect(() => parseBackupManifest(damaged)).toThrow(ManifestError);
    expect(() => parseBackupManifest('{"not": "a manifest"}\n')).toThrow(/not a PostgreSQL backup manifest/);
  });

  it('finds missing files, wrong sizes and wrong checksums', () => {
    const parsed = parseBackupManifest(manifest(files));
    const intact = new Map([
      ['backup_label', { size: label.length, sha256: sha(label) }],
      ['base/1/1259', { size: 3, sha256: sha('abc') }],
      ['global/pg_control', { size: 8192, sha256: 'not checked: no checksum listed' }],
    ]);
    expect(compareWithManifest(parsed, intact)).toEqual([]);
    const broken = new Map(intact);
    broken.delete('backup_label');
    broken.set('base/1/1259', { size: 3, sha256: sha('abd') });
    broken.set('global/pg_control', { size: 8191, sha256: '' });
    expect(compareWithManifest(parsed, broken)).toEqual([
      'backup_label is missing',
      'base/1/1259 does not match its checksum',
      'global/pg_control has 8191 bytes, the manifest says 8192',
    ]);
  });
});
