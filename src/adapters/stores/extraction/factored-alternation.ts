/**
 * One pattern for "does any of these patterns occur", with the alternatives' shared starts factored out
 * (`data-mage-init|data-stencil` → `data-(?:mage-init|stencil)`). The regex engine tries every alternative at every
 * position of the text; factored, it tries a shared start once, so a screen of a few dozen traces costs about a third
 * less. For a presence test only: it matches where one of the patterns matches (ASCII letters are lower-cased, so use
 * it case-insensitively), but an alternative that extends another one is dropped (`vtex` already covers `vteximg`).
 * Patterns with capturing groups, backreferences or escapes of more than one character are kept as they are.
 */
export function factoredAlternation(sources: readonly string[]): string {
  const root: TrieNode = { end: false, next: new Map() };
  for (const source of sources) {
    for (const alternative of topLevelAlternatives(source)) {
      const parts = atoms(alternative);
      if (parts === null) return sources.map((s) => `(?:${s})`).join('|');
      let node = root;
      for (const atom of parts) {
        if (node.end) break;
        let next = node.next.get(atom);
        if (next === undefined) node.next.set(atom, (next = { end: false, next: new Map() }));
        node = next;
      }
      node.end = true;
      node.next.clear();
    }
  }
  return emit(root);
}

interface TrieNode {
  end: boolean;
  next: Map<string, TrieNode>;
}

function emit(node: TrieNode): string {
  if (node.end) return '';
  const branches = [...node.next].map(([atom, next]) => atom + emit(next));
  return branches.length === 1 ? (branches[0] as string) : `(?:${branches.join('|')})`;
}

/** The source split at its `|` outside groups and classes. */
export function topLevelAlternatives(source: string): string[] {
  const alternatives: string[] = [];
  let start = 0;
  for (let i = 0; i < source.length; i = atomEnd(source, i)) {
    if (source[i] === '|') {
      alternatives.push(source.slice(start, i));
      start = i + 1;
    }
  }
  alternatives.push(source.slice(start));
  return alternatives;
}

const QUANTIFIER = /(?:[?*+]|\{\d+(?:,\d*)?\})\??/y;
/** Escapes of one character after the backslash (not \x41, \u0041, \cA, \p{L}, \k<name> or backreferences). */
const SIMPLE_ESCAPE = /^\\[^xucpPk0-9]$/;

/** An alternative cut into atoms, each with its quantifier; null when it holds what cannot be moved into a group. */
function atoms(alternative: string): string[] | null {
  const parts: string[] = [];
  for (let i = 0; i < alternative.length; ) {
    let end = atomEnd(alternative, i);
    let atom = alternative.slice(i, end);
    if (atom[0] === '\\' && !SIMPLE_ESCAPE.test(atom)) return null;
    if (atom[0] === '(' && !atom.startsWith('(?:') && !atom.startsWith('(?=') && !atom.startsWith('(?!')) return null;
    if (/^[A-Z]$/.test(atom)) atom = atom.toLowerCase();
    QUANTIFIER.lastIndex = end;
    if (QUANTIFIER.test(alternative)) {
      atom += alternative.slice(end, QUANTIFIER.lastIndex);
      end = QUANTIFIER.lastIndex;
    }
    parts.push(atom);
    i = end;
  }
  return parts;
}

/** Where the atom that starts at `i` ends: an escape, a class, a group (balanced), or one character. */
function atomEnd(source: string, i: number): number {
  const char = source[i];
  if (char === '\\') return i + 2;
  if (char === '[') {
    let j = i + 1;
    if (source[j] === '^') j++;
    if (source[j] === ']') j++;
    while (j < source.length && source[j] !== ']') j += source[j] === '\\' ? 2 : 1;
    return j + 1;
  }
  if (char === '(') {
    let depth = 0;
    let j = i;
    do {
      if (source[j] === '(') depth++;
      else if (source[j] === ')') depth--;
      j = source[j] === '\\' || source[j] === '[' ? atomEnd(source, j) : j + 1;
    } while (depth > 0 && j < source.length);
    return j;
  }
  return i + 1;
}
