/**
 * Caps that keep the work linear and bounded on multi-megabyte pages. Beyond them the extraction reads what it has
 * read so far rather than spending unbounded time on a hostile or broken page.
 */
export const LIMITS = {
  /** HTML handed to the DOM parser (microdata, meta, selectors); JSON-LD is scanned in the whole page. */
  domChars: 8_000_000,
  /** JSON-LD blocks read per page, and the size of one block. */
  jsonLdBlocks: 200,
  jsonLdBlockChars: 2_000_000,
  /** JSON-LD nodes visited, and nesting followed. */
  jsonLdNodes: 5_000,
  jsonLdDepth: 24,
  /** Prices collected per source. */
  candidates: 500,
  /** Characters of element text read as a price or availability. */
  textChars: 500,
  /** Elements matched by one configured selector. */
  selectorMatches: 50,
} as const;
