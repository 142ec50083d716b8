// CreateList on hand-written fakes: a valid name, existing books, and a share token from the generator.
import { describe, expect, it } from 'vitest';
import { CreateList } from '../../../../src/application/lists/create-list.js';
import { UnknownReferenceError } from '../../../../src/domain/catalog/errors.js';
import { FakeClock } from '../../../support/fakes/fake-clock.js';
import { FakeShareTokenGenerator } from '../../../support/fakes/fake-share-token-generator.js';
import { FakeUnitOfWork } from '../../../support/fakes/fake-unit-of-work.js';
import { InMemoryBookListRepository } from '../../../support/fakes/in-memory-book-list-repository.js';
import { InMemoryBookRepository } from '../../../support/fakes/in-memory-book-repository.js';
import { aBook } from '../../../support/mothers/catalog.js';

const READER = 5;

function world() {
  const clock = new FakeClock();
  const lists = new InMemoryBookListRepository(clock);
  const books = new InMemoryBookRepository().add(aBook({ id: 1 }), aBook({ id: 2 }), aBook({ id: 3 }));
  const tokens = new FakeShareTokenGenerator();
  return { use: new CreateList(lists, books, tokens, new FakeUnitOfWork()), lists, clock };
}

describe('CreateList', () => {
  it('stores the list for the user with a trimmed name, the books in order and a fresh share token', async () => {
    const { use, lists, clock } = world();
    const list = await use.execute(READER, '  Summer reading ', [3, 1]);
    expect(list).toEqual({ id: 1, name: 'Summer reading', bookIds: [3, 1], token: 'share-token-1', createdAt: clock.now() });
    expect(lists.of(READER)).toEqual([list]);
  });

  it('gives every list its own token', async () => {
    const { use } = world();
    const first = await use.execute(READER, 'One', []);
    const second = await use.execute(READER, 'Two', []);
    expect(second.token).not.toBe(first.token);
  });

  it('refuses unknown books, naming every missing id, and stores nothing', async () => {
    const { use, lists } = world();
    const refused = use.execute(READER, 'Wanted', [1, 7, 8]);
    await expect(refused).rejects.toBeInstanceOf(UnknownReferenceError);
    await expect(refused).rejects.toMatchObject({ code: 'validation_failed', details: [{ field: 'book_ids', message: 'unknown book 7, 8' }] });
    expect(lists.of(READER)).toEqual([]);
  });

  it('refuses a blank name and a repeated book with validation_failed', async () => {
    const { use, lists } = world();
    await expect(use.execute(READER, '  ', [1])).rejects.toMatchObject({ code: 'validation_failed', details: [{ field: 'list_name' }] });
    await expect(use.execute(READER, 'Twice', [1, 1])).rejects.toMatchObject({
      code: 'validation_failed',
      details: [{ field: 'book_ids', message: 'must not repeat a book' }],
    });
    expect(lists.of(READER)).toEqual([]);
  });

  it('refuses an all-digit token, which would read as a list id, rather than share it', async () => {
    const { lists } = world();
    const digits = new CreateList(lists, new InMemoryBookRepository(), { next: () => '12345' }, new FakeUnitOfWork());
    await expect(digits.execute(READER, 'Mine', [])).rejects.toThrow('never be all digits');
    expect(lists.of(READER)).toEqual([]);
  });
});
