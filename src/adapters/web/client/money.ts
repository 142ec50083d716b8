// Pure: money as the API sends it, a decimal string with its currency (C1.3). Never parsed into a float for display.

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** `"1234.50", "EUR"` → `"1,234.50 EUR"`; the digits are the API's, only grouped. Unknown shapes pass through. */
export function formatMoney(amount: string, currency: string): string {
  const match = DECIMAL.exec(amount.trim());
  if (!match) return `${amount} ${currency}`;
  const [, sign, whole = '0', fraction] = match;
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}${fraction !== undefined ? `.${fraction}` : ''} ${currency}`;
}

/** Compares two decimal strings exactly (for "the lowest price"), without floating point. */
export function compareAmounts(a: string, b: string): number {
  const pa = DECIMAL.exec(a.trim());
  const pb = DECIMAL.exec(b.trim());
  if (!pa || !pb) return a.localeCompare(b);
  const negA = pa[1] === '-';
  const negB = pb[1] === '-';
  if (negA !== negB) return negA ? -1 : 1;
  const fracLength = Math.max(pa[3]?.length ?? 0, pb[3]?.length ?? 0);
  const digits = (m: RegExpExecArray) => (m[2] ?? '0').replace(/^0+(?=\d)/, '') + (m[3] ?? '').padEnd(fracLength, '0');
  const da = digits(pa);
  const db = digits(pb);
  const magnitude = da.length !== db.length ? da.length - db.length : da < db ? -1 : da > db ? 1 : 0;
  return Math.sign(negA ? -magnitude : magnitude);
}
