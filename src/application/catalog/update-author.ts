import { inject, injectable } from 'inversify';
import type { Author, AuthorFields } from '../../domain/catalog/author.js';
import { AuthorNotFoundError } from '../../domain/catalog/errors.js';
import { Clock } from '../shared/clock.js';
import { UnitOfWork } from '../shared/unit-of-work.js';
import { AuthorRepository } from './ports/author-repository.js';

@injectable()
export class UpdateAuthor {
  constructor(
    @inject(AuthorRepository) private readonly authors: AuthorRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(id: number, fields: AuthorFields): Promise<Author> {
    return this.uow.transaction(async () => {
      const author = await this.authors.findById(id);
      if (!author) throw new AuthorNotFoundError(id);
      author.replace(fields, this.clock.now());
      await this.authors.save(author);
      return author;
    });
  }
}
