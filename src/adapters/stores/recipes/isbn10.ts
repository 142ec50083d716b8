/**
 * The ISBN-10 of a 978- ISBN-13 (same nine digits, its own check digit); null for a 979- ISBN, which has none.
 * Amazon's book pages are addressed by ISBN-10, so a store template that needs one cannot reach 979- editions.
 */
export function isbn10Of(isbn13: string): string | null {
  const digits = isbn13.replace(/[-\s]/g, '');
  if (!/^978\d{10}$/.test(digits)) return null;
  const core = digits.slice(3, 12);
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += (10 - i) * Number(core[i]);
  const check = (11 - (sum % 11)) % 11;
  return core + (check === 10 ? 'X' : String(check));
}
