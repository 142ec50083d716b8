import { inject, injectable } from 'inversify';
import { Money } from '../../domain/shared/money.js';
import { normalizeForSearch } from '../../domain/shared/search-text.js';
import { type ImportCandidate, parseWishImport } from '../../domain/wishes/import/parse-wish-import.js';
import type { NewWish } from '../../domain/wishes/wish.js';
import { UnitOfWork } from '../shared/unit-of-work.js';
import { ImportBookMatcher, type TitleMatchCandidate } from './ports/import-book-matcher.js';
import { WishRepository } from './ports/wish-repository.js';

export type UnmatchedReason = 'isbn_not_found' | 'title_not_found' | 'ambiguous_title';

export interface ImportReport {
  created: number;
  alreadyWished: number;
  unmatched: Array<{ line: number; reason: UnmatchedReason; title: string | null; isbn: string | null }>;
  invalid: Array<{ line: number; message: string }>;
}

/**
 * Imports a wish list file: ISBN match first, else exact (folded) title plus author. Set-based: a fixed number
 * of queries whatever the file's size, one insert that skips books already wished, so re-importing creates nothing.
 */
@injectable()
export class ImportWishes {
  constructor(
    @inject(WishRepository) private readonly wishes: WishRepository,
    @inject(ImportBookMatcher) private readonly matcher: ImportBookMatcher,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  async execute(userId: number, file: Uint8Array): Promise<ImportReport> {
    const parsed = parseWishImport(file);
    const report: ImportReport = { created: 0, alreadyWished: 0, unmatched: [], invalid: [...parsed.invalid] };
    return this.uow.transaction(async () => {
      const byIsbn = await this.matcher.booksByIsbn([...new Set(parsed.candidates.flatMap((c) => c.isbns))]);
      const needTitle = parsed.candidates.filter((c) => !c.isbns.some((isbn) => byIsbn.has(isbn)) && c.title);
      const byTitle = await this.matcher.booksByTitle([...new Set(needTitle.map((c) => normalizeForSearch(c.title!)))]);

      const toAdd = new Map<number, NewWish>();
      let matched = 0;
      for (const candidate of parsed.candidates) {
        const isbnMatch = candidate.isbns.map((isbn) => byIsbn.get(isbn)).find((id) => id !== undefined);
        const outcome = isbnMatch !== undefined ? { bookId: isbnMatch } : matchByTitle(candidate, byTitle);
        if ('reason' in outcome) {
          report.unmatched.push({ line: candidate.line, reason: outcome.reason, title: candidate.title, isbn: candidate.isbns[0] ?? null });
          continue;
        }
        matched++;
        if (!toAdd.has(outcome.bookId)) {
          const maxPrice = candidate.maxPrice ? Money.parse(candidate.maxPrice.amount, candidate.maxPrice.currency) : null;
          toAdd.set(outcome.bookId, { bookId: outcome.bookId, isMonitored: true, maxPrice });
        }
      }
      const created = await this.wishes.addMany(userId, [...toAdd.values()]);
      report.created = created.size;
      report.alreadyWished = matched - created.size;
      return report;
    });
  }
}

function matchByTitle(
  candidate: ImportCandidate,
  byTitle: Map<string, TitleMatchCandidate[]>,
): { bookId: number } | { reason: UnmatchedReason } {
  if (!candidate.title) return { reason: 'isbn_not_found' };
  const books = byTitle.get(normalizeForSearch(candidate.title)) ?? [];
  const authors = (candidate.author ?? '')
    .split(/\s*[,;&]\s*/)
    .map(normalizeForSearch)
    .filter((a) => a.length > 0);
  // Without an author the title alone decides, but only when it names one book.
  const fitting = authors.length === 0 ? books : books.filter((b) => b.authorNames.some((name) => authors.includes(name)));
  if (fitting.length === 1) return { bookId: fitting[0]!.bookId };
  if (fitting.length > 1) return { reason: 'ambiguous_title' };
  return { reason: candidate.isbns.length > 0 ? 'isbn_not_found' : 'title_not_found' };
}
