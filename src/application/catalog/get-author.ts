import { inject, injectable } from 'inversify';
import type { Author } from '../../domain/catalog/author.js';
import { AuthorNotFoundError } from '../../domain/catalog/errors.js';
import { AuthorRepository } from './ports/author-repository.js';

@injectable()
export class GetAuthor {
  constructor(@inject(AuthorRepository) private readonly authors: AuthorRepository) {}

  async execute(id: number): Promise<Author> {
    const author = await this.authors.findById(id);
    if (!author) throw new AuthorNotFoundError(id);
    return author;
  }
}
