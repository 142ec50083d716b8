import { inject, injectable } from 'inversify';
import type { Edition } from '../../domain/catalog/edition.js';
import { Isbn } from '../../domain/catalog/isbn.js';
import { NotFoundError, ServiceUnavailableError } from '../../domain/shared/domain-error.js';
import { Clock } from '../shared/clock.js';
import { UnitOfWork } from '../shared/unit-of-work.js';
import { draftOfMetadata } from './metadata-edition-draft.js';
import { BookMetadataSource, type BookMetadata } from './ports/book-metadata-source.js';
import { CatalogWriter, type NewCatalogBook } from './ports/catalog-writer.js';
import { EditionRepository } from './ports/edition-repository.js';

export type EditionLookup = { kind: 'existing'; edition: Edition } | { kind: 'created'; edition: Edition };

/** When a source gives no Retry-After: a minute, long enough not to hammer it, short enough to try again today. */
const DEFAULT_RETRY_AFTER_SECONDS = 60;

/**
 * "Add a book by ISBN": the catalog's edition when it has the ISBN; else the metadata sources are asked and the
 * edition is created with its book and authors (authors matched to existing ones first; those created are not
 * user-created: the data is the source's). Idempotent and safe when two requests add the same ISBN at once: the
 * creation runs under the catalog writer's lock and looks again first. The sources are asked outside any
 * transaction, so no database connection waits on the network.
 */
@injectable()
export class LookupEdition {
  constructor(
    @inject(EditionRepository) private readonly editions: EditionRepository,
    @inject(BookMetadataSource) private readonly metadata: BookMetadataSource,
    @inject(CatalogWriter) private readonly writer: CatalogWriter,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(isbnText: string): Promise<EditionLookup> {
    const isbn = Isbn.parse(isbnText).isbn13;
    const existing = await this.editions.findByIsbn(isbn);
    if (existing) return { kind: 'existing', edition: existing };

    const lookup = await this.metadata.lookup([isbn]);
    if (lookup.kind === 'unavailable') {
      throw new ServiceUnavailableError(`No book metadata source can be reached: ${lookup.message}`, lookup.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS);
    }
    const found = lookup.books.get(isbn);
    if (!found) throw new NotFoundError('Book with ISBN', isbn);

    return this.uow.transaction(async () => {
      await this.writer.lockCreation();
      const raced = await this.editions.findByIsbn(isbn);
      if (raced) return { kind: 'existing', edition: raced };
      await this.writer.create([newBookFrom(found, this.clock.now())], 'metadata');
      const created = await this.editions.findByIsbn(isbn);
      if (!created) throw new Error(`Edition ${isbn} was created but cannot be read back`);
      return { kind: 'created', edition: created };
    });
  }
}

function newBookFrom(found: BookMetadata, now: Date): NewCatalogBook {
  return {
    key: 0,
    title: found.subtitle ? `${found.title}: ${found.subtitle}` : found.title,
    authors: found.authors,
    authorOpenLibraryIds: found.authorOpenLibraryIds,
    edition: draftOfMetadata('lookup', found, now),
  };
}
