/**
 * The first `max` UTF-16 units of a text, one fewer when the cut would split a surrogate pair: half an emoji is not
 * text (PostgreSQL refuses it, JSON carries it as a broken escape).
 */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}
