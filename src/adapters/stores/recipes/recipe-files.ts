import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** One recipe as written, before validation, with the file it came from (for error messages). */
export interface RecipeEntry {
  file: string;
  /** Position in the file's array; undefined when the file holds one recipe. */
  index: number | undefined;
  value: unknown;
}

export interface ReadResult {
  entries: RecipeEntry[];
  problems: string[];
}

/**
 * The recipes of a JSON file (one recipe object, or an array of them) or of every `*.json` file of a folder, in
 * file name order. `shownAs` is how the path appears in messages.
 */
export function readRecipeEntries(path: string, shownAs: string = path): ReadResult {
  let isFolder: boolean;
  try {
    isFolder = statSync(path).isDirectory();
  } catch (error) {
    return { entries: [], problems: [`${shownAs}: cannot be read (${reason(error)})`] };
  }
  if (!isFolder) return readRecipeFile(path, shownAs);
  const names = readdirSync(path).filter((name) => name.endsWith('.json')).sort();
  if (names.length === 0) return { entries: [], problems: [`${shownAs}: folder holds no .json recipe file`] };
  const results = names.map((name) => readRecipeFile(join(path, name), join(shownAs, name)));
  return { entries: results.flatMap((r) => r.entries), problems: results.flatMap((r) => r.problems) };
}

function readRecipeFile(path: string, shownAs: string): ReadResult {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    const what = error instanceof SyntaxError ? 'is not valid JSON' : 'cannot be read';
    return { entries: [], problems: [`${shownAs}: ${what} (${reason(error)})`] };
  }
  if (Array.isArray(value)) return { entries: value.map((item, index) => ({ file: shownAs, index, value: item })), problems: [] };
  if (typeof value === 'object' && value !== null) return { entries: [{ file: shownAs, index: undefined, value }], problems: [] };
  return { entries: [], problems: [`${shownAs}: must hold a store recipe object or an array of them`] };
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
