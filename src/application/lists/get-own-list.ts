import { inject, injectable } from 'inversify';
import { type BookList, ListNotFoundError } from '../../domain/lists/book-list.js';
import { BookListRepository } from './ports/book-list-repository.js';

@injectable()
export class GetOwnList {
  constructor(@inject(BookListRepository) private readonly lists: BookListRepository) {}

  async execute(userId: number, listId: number): Promise<BookList> {
    const list = await this.lists.findById(userId, listId);
    if (!list) throw new ListNotFoundError(listId);
    return list;
  }
}
