import { readFileSync } from 'node:fs';

/** Bytes of a file under test/fixtures/imports, exactly as an upload would carry them. */
export function fixtureBytes(name: string): Uint8Array {
  return new Uint8Array(readFileSync(new URL(`../../../../fixtures/imports/${name}`, import.meta.url)));
}
