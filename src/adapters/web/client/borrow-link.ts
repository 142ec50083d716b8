// Borrow or buy: the link to borrow a book's e-book at Open Library, on the wishes page and the book page, shown only
// while the last check found the book available.
import { el } from './dom.js';

/** A wish's or a book's `borrow` as the API gives it (null: never checked; absent from an older service). */
export interface Borrow {
  available: boolean;
  url: string | null;
  checked_at: string;
}

/**
 * "Borrow the e-book at Open Library", linking to the lender's page, when the book can be borrowed; null otherwise.
 * `title` completes the link's name for screen readers, so a page of wishes has no two links named alike.
 */
export function borrowLink(borrow: Borrow | null | undefined, title?: string): HTMLElement | null {
  const url = borrow?.available ? borrow.url : null;
  // Web addresses only: the service checks them, and the page never links a `javascript:` one whatever it is sent.
  if (!url || !/^https?:\/\//i.test(url)) return null;
  const text = 'Borrow the e-book at Open Library';
  // The name starts with the visible words (what a voice user says), then names the book and the new tab.
  const name = `${text}${title ? `: ${title}` : ''} (opens in a new tab)`;
  return el('p', { class: 'borrow' }, el('a', { href: url, rel: 'noopener noreferrer', target: '_blank', class: 'borrow-link', 'aria-label': name }, text));
}
