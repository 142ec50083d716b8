import type { ExtractionContext, SourceOutcome } from '../types.js';

/** One shop platform: how to recognise its pages cheaply, and how to read its main item's price block. */
export interface PlatformReader {
  platform: string;
  /** The platform's traces in the start of a page (asset hosts, body classes, its global script objects). */
  fingerprint: RegExp;
  /**
   * Words (lower case) of which every match of the fingerprint holds one: all readers' words are one quick screen of
   * a page (a handful of plain words costs the regex engine half what the fingerprints' patterns cost).
   */
  screen: readonly string[];
  /** The main item's prices from the platform's price block; null when the page has no such block. */
  read(html: string, ctx: ExtractionContext): SourceOutcome | null;
}
