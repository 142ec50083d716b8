// Deterministic numbers from a hash of some strings: the same (seed, store, ISBN) always gives the same page.
// Not cryptographic: a 128-bit string hash (cyrb128) seeds a small fast generator (sfc32), so a page costs
// microseconds even when a benchmark asks for tens of thousands of them.

/** A source of 32-bit numbers determined by the parts. */
export class SeededHash {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(parts: readonly string[]) {
    [this.a, this.b, this.c, this.d] = hash128(parts.join('\u0000'));
    for (let i = 0; i < 12; i++) this.next();
  }

  /** The next number in [0, 2^32). */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** The next integer in [0, n). */
  below(n: number): number {
    return this.next() % n;
  }

  /** A deterministic element of a non-empty list. */
  pick<T>(list: readonly T[]): T {
    const item = list[this.below(list.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }
}

function hash128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}
