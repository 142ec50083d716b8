const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * The keys of a JSON text's top-level object, in the order the file writes them. JSON.parse alone cannot
 * tell: it enumerates keys that look like integers (LibraryThing's book ids) in numeric order, and the import
 * report must count entries the way the user sees them in the file. One linear pass; the text is assumed to
 * be valid JSON (it has been parsed already), so no syntax is checked here.
 */
export function topLevelKeys(text: string): string[] {
  const keys: string[] = [];
  let depth = 0;
  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      const end = stringEnd(text, i);
      if (depth === 1 && nextNonSpace(text, end) === ':') keys.push(JSON.parse(text.slice(i, end)) as string);
      i = end;
      continue;
    }
    if (code === 0x7b || code === 0x5b) depth += 1;
    else if (code === 0x7d || code === 0x5d) depth -= 1;
    i += 1;
  }
  return keys;
}

/** The index just past the closing quote of the string opening at `start`. */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code === BACKSLASH) i += 2;
    else if (code === QUOTE) return i + 1;
    else i += 1;
  }
  return text.length;
}

function nextNonSpace(text: string, from: number): string {
  let i = from;
  while (i < text.length && /\s/.test(text[i] ?? '')) i += 1;
  return text[i] ?? '';
}
