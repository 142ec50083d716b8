import { clip, type CandidateOutcome, type PriceFacts } from './offer-facts.js';
import type { UnreadPrice } from './types.js';

/** A value that looks like a price: it has digits ("auf Anfrage" or "call us" says nothing about the amount). */
export function isPriceLike(value: unknown): boolean {
  if (typeof value === 'number') return true;
  return typeof value === 'string' && /\d/.test(value);
}

/**
 * The price-like values a source could not read, each with the item it belongs to: witnesses that the main item's
 * price may not be what a single other source says (combine-sources.ts).
 */
export class UnreadSink {
  readonly values: UnreadPrice[] = [];

  /** Keeps the value of `facts` when its reading failed (`outcome` is a problem) and it looks like a price. */
  note(outcome: CandidateOutcome, facts: UnreadFacts): void {
    if (outcome !== null && 'problem' in outcome) this.add(facts);
  }

  add(facts: UnreadFacts): void {
    const value = facts.value;
    if (!isPriceLike(value) || this.values.length >= 20) return;
    const unread: UnreadPrice = { text: typeof value === 'string' ? clip(value).slice(0, 80) : String(value) };
    if (facts.condition !== undefined) unread.condition = facts.condition;
    if (facts.editionMatch !== undefined) unread.editionMatch = facts.editionMatch;
    if (facts.pageMatch === true) unread.pageMatch = true;
    if (facts.selected === true) unread.selected = true;
    if (facts.item !== undefined) unread.item = facts.item;
    if (facts.listed === true) unread.listed = true;
    if (facts.elsewhere === true) unread.elsewhere = true;
    this.values.push(unread);
  }
}

/** A value and the facts that place it (those of a price, plus the option the page shows). */
export type UnreadFacts = Pick<PriceFacts, 'value' | 'condition' | 'editionMatch' | 'pageMatch' | 'item' | 'listed' | 'elsewhere'> & {
  selected?: boolean | undefined;
};
