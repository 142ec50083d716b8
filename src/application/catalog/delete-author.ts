import { inject, injectable } from 'inversify';
import { AuthorNotFoundError } from '../../domain/catalog/errors.js';
import { UnitOfWork } from '../shared/unit-of-work.js';
import { AuthorRepository } from './ports/author-repository.js';

@injectable()
export class DeleteAuthor {
  constructor(
    @inject(AuthorRepository) private readonly authors: AuthorRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  execute(id: number): Promise<void> {
    return this.uow.transaction(async () => {
      const author = await this.authors.findById(id);
      if (!author) throw new AuthorNotFoundError(id);
      await this.authors.delete(author);
    });
  }
}
