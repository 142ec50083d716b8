import { inject, injectable } from 'inversify';
import { ListNotFoundError, type PublicBookList } from '../../domain/lists/book-list.js';
import { BookListRepository } from './ports/book-list-repository.js';

@injectable()
export class GetPublicList {
  constructor(@inject(BookListRepository) private readonly lists: BookListRepository) {}

  async execute(token: string): Promise<PublicBookList> {
    const list = await this.lists.findPublic(token);
    // The message must not echo the token back: it is a secret link.
    if (!list) throw new ListNotFoundError('with that share token');
    return list;
  }
}
