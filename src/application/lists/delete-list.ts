import { inject, injectable } from 'inversify';
import { ListNotFoundError } from '../../domain/lists/book-list.js';
import { BookListRepository } from './ports/book-list-repository.js';

@injectable()
export class DeleteList {
  constructor(@inject(BookListRepository) private readonly lists: BookListRepository) {}

  async execute(userId: number, listId: number): Promise<void> {
    if (!(await this.lists.remove(userId, listId))) throw new ListNotFoundError(listId);
  }
}
