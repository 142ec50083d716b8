// Barcodes for tests, made independently of the service's own GS1 code (so a test of that code can fail).

/** The GS1 check digit of `body`: weights 3, 1, 3, … from the right. */
export function gs1Check(body: string): string {
  const sum = [...body].reverse().reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return String((10 - (sum % 10)) % 10);
}

let sequence = 0;

/**
 * A fresh valid UPC-A (12 digits) starting with `prefix` (two digits: each test file its own, so files sharing a
 * database never collide), different on every call and every run.
 */
export function freshUpc(prefix: string): string {
  const body = `${prefix}${String(++sequence).padStart(4, '0')}${String(Date.now() % 100_000).padStart(5, '0')}`;
  return body + gs1Check(body);
}
