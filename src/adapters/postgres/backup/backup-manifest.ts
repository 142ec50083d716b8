import { createHash } from 'node:crypto';
import { z } from 'zod';

/**
 * PostgreSQL's own backup manifest (the `backup_manifest` file of a base backup, see the PostgreSQL documentation
 * "Backup Manifest Format"): every file of the backup with its size and checksum, the WAL range needed to make it
 * consistent, and a SHA-256 of the manifest itself. The restore checks the extracted files against it, as
 * pg_verifybackup would (that tool is not shipped with the embedded binaries).
 */

export interface ManifestFile {
  path: string;
  size: number;
  /** "SHA256", "CRC32C", … or undefined when the backup was taken without checksums. */
  checksumAlgorithm?: string;
  checksum?: string;
}

export interface WalRange {
  timeline: number;
  startLsn: string;
  endLsn: string;
}

export interface BackupManifest {
  version: number;
  /** As text: the number does not fit a double. */
  systemIdentifier: string | null;
  files: ManifestFile[];
  walRanges: WalRange[];
}

export class ManifestError extends Error {}

const fileSchema = z.object({
  Path: z.string().optional(),
  'Encoded-Path': z.string().optional(),
  Size: z.number().int().nonnegative(),
  'Checksum-Algorithm': z.string().optional(),
  Checksum: z.string().optional(),
});
const manifestSchema = z.object({
  'PostgreSQL-Backup-Manifest-Version': z.number().int(),
  Files: z.array(fileSchema),
  'WAL-Ranges': z.array(z.object({ Timeline: z.number().int(), 'Start-LSN': z.string(), 'End-LSN': z.string() })).default([]),
  'Manifest-Checksum': z.string(),
});

/** Parses the manifest and checks its own checksum. */
export function parseBackupManifest(text: string): BackupManifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ManifestError(`backup_manifest is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) throw new ManifestError(`backup_manifest is not a PostgreSQL backup manifest: ${parsed.error.issues[0]?.message ?? 'unexpected shape'}`);
  const manifest = parsed.data;
  if (manifestChecksum(text) !== manifest['Manifest-Checksum'].toLowerCase()) throw new ManifestError('backup_manifest is damaged (its own checksum does not match)');
  return {
    version: manifest['PostgreSQL-Backup-Manifest-Version'],
    systemIdentifier: /"System-Identifier"\s*:\s*(\d+)/.exec(text)?.[1] ?? null,
    files: manifest.Files.map((file) => {
      const path = file.Path ?? (file['Encoded-Path'] === undefined ? undefined : Buffer.from(file['Encoded-Path'], 'hex').toString('utf8'));
      if (path === undefined) throw new ManifestError('backup_manifest lists a file without a path');
      return { path, size: file.Size, checksumAlgorithm: file['Checksum-Algorithm'], checksum: file.Checksum?.toLowerCase() };
    }),
    walRanges: manifest['WAL-Ranges'].map((range) => ({ timeline: range.Timeline, startLsn: range['Start-LSN'], endLsn: range['End-LSN'] })),
  };
}

/**
 * SHA-256 over everything up to and including the newline before the last line (which holds the checksum),
 * as PostgreSQL computes it (src/common/parse_manifest.c).
 */
export function manifestChecksum(text: string): string {
  const bytes = Buffer.from(text, 'utf8');
  let ultimate = -1;
  let penultimate = -1;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === 0x0a) {
      penultimate = ultimate;
      ultimate = i;
    }
  }
  if (penultimate < 0) throw new ManifestError('backup_manifest is too short');
  return createHash('sha256').update(bytes.subarray(0, penultimate + 1)).digest('hex');
}

/** What was extracted of one file: its size and, when its algorithm is SHA256, its digest. */
export interface ExtractedFile {
  size: number;
  sha256: string;
}

/**
 * Every file the manifest lists must have been extracted with its size and (for SHA256) its checksum. Returns the
 * problems, at most `limit`, as lines; empty when the backup is intact.
 */
export function compareWithManifest(manifest: BackupManifest, extracted: ReadonlyMap<string, ExtractedFile>, limit = 5): string[] {
  const problems: string[] = [];
  for (const file of manifest.files) {
    if (problems.length >= limit) break;
    const found = extracted.get(file.path);
    if (found === undefined) problems.push(`${file.path} is missing`);
    else if (found.size !== file.size) problems.push(`${file.path} has ${found.size} bytes, the manifest says ${file.size}`);
    else if (file.checksumAlgorithm?.toUpperCase() === 'SHA256' && file.checksum !== found.sha256) problems.push(`${file.path} does not match its checksum`);
  }
  return problems;
}
