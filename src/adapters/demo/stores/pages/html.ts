// Small helpers for writing the demonstration pages as strings.

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for an HTML text node or a quoted attribute value. */
export function esc(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** JSON for a `<script type="application/ld+json">` block: `<` is escaped so no `</script>` can end it early. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(/</g, '\\u003c');
}

/** A cover placeholder: an inline SVG with the title's initials, in a colour derived from the ISBN. */
export function coverSvg(isbn: string, title: string, width: number, height: number): string {
  const hue = Number(isbn.slice(-4)) % 360;
  const initials = title
    .replace(/^(The|A)\s+/, '')
    .split(/\s+/)
    .filter((w) => /^\p{Lu}/u.test(w))
    .slice(0, 2)
    .map((w) => w.charAt(0))
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${esc(title)}">` +
    `<rect width="100%" height="100%" fill="hsl(${hue} 45% 38%)"/>` +
    `<text x="50%" y="55%" text-anchor="middle" font-family="Georgia, serif" font-size="${Math.round(width / 3)}" fill="#fff">${esc(initials)}</text>` +
    `</svg>`
  );
}

/** A page with its doctype; `head` and `body` are already HTML. */
export function htmlDocument(lang: string, head: string, body: string, bodyClass = ''): string {
  return `<!DOCTYPE html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${head}
</head>
<body${bodyClass ? ` class="${bodyClass}"` : ''}>
${body}
</body>
</html>
`;
}
