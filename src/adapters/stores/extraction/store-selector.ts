/** A store's selector: the CSS part, and the attribute a final `@name` asks to read instead of the element's text. */
export interface StoreSelector {
  css: string;
  attribute: string | null;
}

const ATTRIBUTE_NAME = /^[A-Za-z_][\w:.-]*$/;

/**
 * "meta[itemprop=price]@content" → css "meta[itemprop=price]", attribute "content". Only an `@name` at the very end
 * and outside brackets, parentheses and quotes counts ("a[title='x@y']" has none); anything else is left to the CSS
 * parser, which then names the problem.
 */
export function parseStoreSelector(selector: string): StoreSelector {
  const text = selector.trim();
  let depth = 0;
  let quote: string | null = null;
  let at = -1;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\\') {
      i++;
    } else if (quote !== null) {
      if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
    } else if (ch === '[' || ch === '(') {
      depth++;
    } else if (ch === ']' || ch === ')') {
      depth = Math.max(0, depth - 1);
    } else if (ch === '@' && depth === 0) {
      at = i;
    }
  }
  const name = at < 0 ? '' : text.slice(at + 1).trim();
  if (at < 0 || !ATTRIBUTE_NAME.test(name)) return { css: text, attribute: null };
  return { css: text.slice(0, at).trim(), attribute: name.toLowerCase() };
}
