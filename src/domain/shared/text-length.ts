/**
 * Text lengths as PostgreSQL's varchar, JSON Schema's maxLength and a reader count them: in characters (Unicode code
 * points), not UTF-16 units — an emoji is one character, not two.
 */
export function textLength(text: string): number {
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // A high surrogate followed by a low one is one character.
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    length++;
  }
  return length;
}

/** The first `max` characters of a text (code points: a cut never splits an emoji in half). */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  let units = 0;
  for (let kept = 0; kept < max && units < text.length; kept++) {
    const code = text.charCodeAt(units);
    const pair = code >= 0xd800 && code <= 0xdbff && units + 1 < text.length && (text.charCodeAt(units + 1) & 0xfc00) === 0xdc00;
    units += pair ? 2 : 1;
  }
  return text.slice(0, units);
}
