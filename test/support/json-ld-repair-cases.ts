// JSON-LD blocks the page reader must repair, and broken ones it must skip; shared by the extraction tests and the
// parsers benchmark, which checks a candidate library against the same blocks.

/** Each holds a Book offered at 18.09 (EUR where it says so) once repaired. */
export const REPAIRABLE_JSON_LD_BLOCKS: readonly string[] = [
  `/* shop */ {"@type": "Book", "offers": {"@type": "Offer", "price": "18.09", /* net */ "priceCurrency": "EUR",,}}`,
  `{'@type': 'Book', 'offers': {'@type': 'Offer', 'price': '18.09', 'priceCurrency': 'EUR', 'name': 'Ann\\'s "best"'}}`,
  `//<![CDATA[\n{"@type": "Book", "offers": {"@type": "Offer", "price": "18.09"}}\n//]]>`,
  `<!-- {"@type": "Book", "offers": {"@type": "Offer", "price": "18.09"}} -->`,
  `{&quot;@type&quot;: &quot;Book&quot;, &quot;offers&quot;: {&quot;@type&quot;: &quot;Offer&quot;, &quot;price&quot;: &quot;18.09&quot;}}`,
  `{"@type": "Book", "offers": {"@type": "Offer", "price": "18.09"}},{"@type": "Organization", "name": "Shop"}`,
];

/** Truncated or broken past repair: skipped, so the next source is read. */
export const BROKEN_JSON_LD_BLOCKS = {
  missingComma: '{"@type": "Book", "offers": {"price": "16.50" "priceCurrency": "EUR"',
  truncated: '{"@type": "Book", "offers": {',
} as const;
