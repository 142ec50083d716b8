/**
 * JSON as store pages write it in `<script type="application/ld+json">`: strict JSON first, then one linear repair
 * pass for what real pages get wrong — trailing commas, doubled commas, `//` and `/* *\/` comments, raw line breaks
 * and tabs inside strings, invalid escapes (`\'`), single-quoted strings, HTML comment or CDATA wrappers, HTML-escaped
 * quotes (`&quot;`), several top-level values separated by commas.
 *
 * Why not jsonrepair: it gives up on a doubled comma (`,,}`), and it completes a block cut off mid-way
 * (`{"price": "16.50" "priceCurrency": "EUR"` → closed), where such a block must be skipped so that the next source
 * is read. And on a block that needs repairing its time grows with the square of the size: on a 3 MB page
 * with two 1.45 MB blocks a template wrote, 13 s against 193 ms for this pass; `npm run bench:parsers`.
 */
export type LenientJsonResult = { ok: true; value: unknown } | { ok: false; error: string };

export function parseLenientJson(source: string): LenientJsonResult {
  const text = unwrapJsonBlock(source);
  if (text === '') return { ok: false, error: 'empty block' };
  const strict = tryParse(text);
  if (strict.ok) return strict;
  const repaired = repair(text);
  const attempts = [repaired, `[${repaired}]`];
  if (/&quot;|&#34;/.test(text)) {
    const decoded = repair(decodeQuotes(text));
    attempts.push(decoded, `[${decoded}]`);
  }
  for (const attempt of attempts) {
    const result = tryParse(attempt);
    if (result.ok) return result;
  }
  return strict;
}

function tryParse(text: string): LenientJsonResult {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** A script block's JSON without its wrappers (CDATA, HTML comment, BOM, trailing semicolon). */
export function unwrapJsonBlock(source: string): string {
  return source
    .trim()
    .replace(/^(?:\/\/\s*)?<!\[CDATA\[/, '')
    .replace(/(?:\/\/\s*)?\]\]>$/, '')
    .replace(/^<!--/, '')
    .replace(/-->$/, '')
    .replace(/^\uFEFF/, '')
    .trim()
    .replace(/;$/, '');
}

function decodeQuotes(text: string): string {
  return text.replace(/&quot;|&#34;/g, '"').replace(/&#39;|&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

const VALID_ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't', 'u']);
const CONTROL_ESCAPES: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f' };

/** One pass, O(n): a comma is held back until the next significant character shows it is not trailing. */
function repair(text: string): string {
  const out: string[] = [];
  let quote: '"' | "'" | null = null;
  let pendingComma = false;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const ch = text[i] as string;
    if (quote !== null) {
      if (ch === '\\') {
        const next = text[i + 1];
        if (next === undefined) break;
        if (VALID_ESCAPES.has(next)) out.push(ch, next);
        else out.push(next === '"' ? '\\"' : next);
        i++;
      } else if (ch === quote) {
        out.push('"');
        quote = null;
      } else if (ch === '"') {
        out.push('\\"'); // a double quote inside a single-quoted string
      } else if (ch < ' ') {
        out.push(CONTROL_ESCAPES[ch] ?? `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
      } else {
        out.push(ch);
      }
      continue;
    }
    if (ch === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i);
      i = end < 0 ? length : end - 1;
      continue;
    }
    if (ch === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? length : end + 1;
      continue;
    }
    if (ch === ',') {
      pendingComma = true; // a doubled comma collapses into one
      continue;
    }
    if (ch === ' ' || ch === '\n' || ch === '\r' || ch === '\t') {
      out.push(ch);
      continue;
    }
    if (ch === '}' || ch === ']') {
      pendingComma = false; // trailing comma: dropped
      out.push(ch);
      continue;
    }
    if (pendingComma) {
      out.push(',');
      pendingComma = false;
    }
    if (ch === '"' || ch === "'") {
      quote = ch;
      out.push('"');
      continue;
    }
    out.push(ch);
  }
  return out.join('');
}
