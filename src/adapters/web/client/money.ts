// Pure: money as the API sends it, a decimal string with its currency. Never parsed into a float for display.

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** `"1234.50", "EUR"` → `"1,234.50 EUR"`; the digits are the API's, only grouped. Unknown shapes pass through. */
export function formatMoney(amount: string, currency: string): string {
  const match = DECIMAL.exec(amount.trim());
  if (!match) return `${amount} ${currency}`;
  const [, sign, whole = '0', fraction] = match;
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}${fraction !== undefined ? `.${fraction}` : ''} ${currency}`;
}
