import { z } from 'zod';
import type { BorrowAvailability } from '../../../domain/catalog/borrow-availability.js';
import { Timestamp } from '../../kits/http/routing/common-schemas.js';
import { isoTimestamp } from '../../kits/http/routing/iso-timestamp.js';

/** Borrow or buy (issue 27 §4): the book's availability in Open Library's lending programme, as last checked. */
export const BorrowJson = z
  .object({
    available: z.boolean().describe('True when one of the book\'s editions can be borrowed (or read) as an e-book now'),
    url: z.string().nullable().describe('Where to borrow it (the lender\'s page of an available edition); null when not available'),
    checked_at: Timestamp.describe('When the lender was last asked (the metadata enrichment asks again about once a day)'),
  })
  .nullable()
  .describe('Whether the book can be borrowed as an e-book from the Open Library lending programme; null when never checked (LENDING=off, or not checked yet)');

export const borrowJson = (borrow: BorrowAvailability | null): z.infer<typeof BorrowJson> =>
  borrow === null ? null : { available: borrow.available, url: borrow.url, checked_at: isoTimestamp(borrow.checkedAt) };
