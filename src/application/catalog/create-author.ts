import { inject, injectable } from 'inversify';
import { Author, type AuthorFields } from '../../domain/catalog/author.js';
import { Clock } from '../shared/clock.js';
import { UnitOfWork } from '../shared/unit-of-work.js';
import { AuthorRepository } from './ports/author-repository.js';

@injectable()
export class CreateAuthor {
  constructor(
    @inject(AuthorRepository) private readonly authors: AuthorRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(fields: AuthorFields): Promise<Author> {
    return this.uow.transaction(async () => {
      const author = Author.createByUser(fields, this.clock.now());
      await this.authors.save(author);
      return author;
    });
  }
}
