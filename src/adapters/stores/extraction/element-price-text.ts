import type { AnyNode, Element } from 'domhandler';
import { DomUtils } from 'htmlparser2';
import { LIMITS } from './limits.js';

/**
 * An element's text as a price reader needs it. Pages split prices across elements (`18<sup>09</sup> €`,
 * `<span class="whole">119.</span><span class="fraction">95</span>`, Amazon's a-price-whole/a-price-fraction), and
 * flattened text reads those as "1809" or "11995": a wrong price. So at an element boundary between a digit and a
 * digit (whitespace ignored):
 * - the part after is a fraction part (a `sup`, or a class/id naming fraction, decimal, cents…) of 1–2 digits: the
 *   two join with a decimal separator the integer part does not already use for grouping ("18"+"09" → "18.09",
 *   "1.234"+"56" → "1.234,56");
 * - else a break (" | ") that no price reader takes for digit grouping, so two numbers stay two numbers; when nothing
 *   separated them on the page either (`12<span class="small">99</span> €` shows "1299 €"), the text is `split`:
 *   no reading of it can be trusted, and a reader refuses it.
 * A boundary after "." or "," just joins ("119." + "95" → "119.95"). Digits are never concatenated across elements.
 */
export class PriceTextBuilder {
  private text = '';
  /** Whitespace seen since the last text with something in it. */
  private space = '';
  private atBoundary = false;
  private fractionOpened = false;
  private gluedDigits = false;

  constructor(private readonly maxChars: number = LIMITS.textChars) {}

  get full(): boolean {
    return this.text.length >= this.maxChars;
  }

  /** Digits of two elements ran together on the page with nothing to tell them apart: the text is no price. */
  get split(): boolean {
    return this.gluedDigits;
  }

  /** An element starts inside the text being built. */
  open(name: string, attribs: Readonly<Record<string, string>>): void {
    this.atBoundary = true;
    if (isFractionPart(name, attribs)) this.fractionOpened = true;
  }

  /** An element inside the text being built ends. */
  close(): void {
    this.atBoundary = true;
  }

  add(chunk: string): void {
    if (this.full || chunk === '') return;
    if (!/\S/.test(chunk)) {
      if (this.space.length < 16) this.space += chunk;
      return;
    }
    // joint() may drop the whitespace at the end of the text: call it before reading the text.
    const next = this.atBoundary ? this.joint(chunk) : this.space + chunk;
    this.text += next;
    this.space = '';
    this.atBoundary = false;
    this.fractionOpened = false;
  }

  /** The text, whitespace collapsed, at most maxChars. */
  toString(): string {
    return this.text.replace(/\s+/g, ' ').trim().slice(0, this.maxChars);
  }

  /** What goes between the text so far and `chunk`, which starts after an element boundary, and the chunk. */
  private joint(chunk: string): string {
    const before = this.text.trimEnd();
    const after = chunk.trimStart();
    if (!/^\d/.test(after)) return this.space + chunk;
    const fraction = /^\d+/.exec(after)?.[0] ?? '';
    // Three fraction digits on a page are cents of nothing we can tell (18.090 would read as thousands): refuse.
    if (this.fractionOpened && fraction.length === 3 && /[\d.,]$/.test(before)) {
      this.gluedDigits = true;
      return this.dropSpace(before, ` | ${after}`);
    }
    if (/[.,]$/.test(before)) return this.dropSpace(before, after);
    if (!/\d$/.test(before)) return this.space + chunk;
    if (this.fractionOpened && fraction.length <= 2) return this.dropSpace(before, `${decimalSeparatorAfter(before)}${after}`);
    if (this.space === '' && before.length === this.text.length && after.length === chunk.length) this.gluedDigits = true;
    return this.dropSpace(before, ` | ${after}`);
  }

  /** Removes the whitespace at the end of the text so far; returns `next`. */
  private dropSpace(before: string, next: string): string {
    this.text = before;
    return next;
  }
}

/** "," after an integer part grouped with "." ("1.234"), else ".". */
function decimalSeparatorAfter(before: string): string {
  const integer = /[\d.,]*\d$/.exec(before)?.[0] ?? '';
  return integer.includes('.') ? ',' : '.';
}

const FRACTION_WORDS = new Set([
  'fraction', 'fractional', 'frac', 'decimal', 'decimals', 'dec', 'cents', 'cent', 'centimes', 'centavos', 'centesimi',
  'minor', 'pence', 'penny', 'kopek', 'kopeks', 'kopecks', 'kopeyki', 'grosze', 'groszy', 'rappen', 'haler', 'subunit',
]);

/** Whether an element holds the fraction digits of a price: a `sup`, or a class/id naming fraction, decimal, cents… */
export function isFractionPart(name: string, attribs: Readonly<Record<string, string>>): boolean {
  if (name === 'sup') return true;
  const names = `${attribs['class'] ?? ''} ${attribs['id'] ?? ''}`;
  if (names.trim() === '') return false;
  return wordsOf(names).some((word) => FRACTION_WORDS.has(word) || /(?:fraction|decimals?|cents)$/.test(word));
}

/** "a-price-fraction priceCents" → ["a", "price", "fraction", "price", "cents"]. */
export function wordsOf(names: string): readonly string[] {
  let words = WORDS.get(names);
  if (words === undefined) {
    words = names
      .slice(0, 300)
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word !== '');
    // Pages repeat their class names many times over; a small memo keeps the splitting off the profile.
    if (WORDS.size >= 4_000) WORDS.clear();
    WORDS.set(names, words);
  }
  return words;
}
const WORDS = new Map<string, readonly string[]>();

const HIDDEN_TEXT = new Set(['script', 'style', 'template']);

export interface PriceText {
  text: string;
  /** See PriceTextBuilder.split: digits of two elements ran together; no price can be read from the text. */
  split: boolean;
}

/**
 * The text of a DOM node (cheerio / htmlparser2 tree) read with the rule of PriceTextBuilder; script, style and
 * template bodies are no text, and `skip` leaves out chosen elements (a struck-through old price inside a price box).
 */
export function readPriceText(node: AnyNode, skip?: (element: Element) => boolean, maxChars: number = LIMITS.textChars): PriceText {
  const builder = new PriceTextBuilder(maxChars);
  // Iterative walk: pages nest deeply enough to matter for recursion.
  const pending: Array<AnyNode | 'close'> = [node];
  while (pending.length > 0 && !builder.full) {
    const current = pending.pop() as AnyNode | 'close';
    if (current === 'close') {
      builder.close();
      continue;
    }
    if (DomUtils.isText(current)) {
      builder.add(current.data);
      continue;
    }
    if (DomUtils.isTag(current)) {
      if (HIDDEN_TEXT.has(current.name) || skip?.(current)) {
        // A left-out element still separates the text around it.
        builder.close();
        continue;
      }
      if (current !== node) {
        builder.open(current.name, current.attribs);
        pending.push('close');
      }
    } else if (!DomUtils.isDocument(current)) {
      continue;
    }
    for (let i = current.children.length - 1; i >= 0; i--) pending.push(current.children[i] as AnyNode);
  }
  return { text: builder.toString(), split: builder.split };
}
