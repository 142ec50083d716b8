// DeleteList, GetOwnList, GetPublicList and ListLists on hand-written fakes: owners see their own, anyone the token's.
import { beforeEach, describe, expect, it } from 'vitest';
import { DeleteList } from '../../../../src/application/lists/delete-list.js';
import { GetOwnList } from '../../../../src/application/lists/get-own-list.js';
import { GetPublicList } from '../../../../src/application/lists/get-public-list.js';
import { ListLists } from '../../../../src/application/lists/list-lists.js';
import type { BookList } from '../../../../src/domain/lists/book-list.js';
import { ListNotFoundError } from '../../../../src/domain/lists/book-list.js';
import { FakeClock } from '../../../support/fakes/fake-clock.js';
import { InMemoryBookListRepository } from '../../../support/fakes/in-memory-book-list-repository.js';
import { firstPage, pageAfter } from '../../../support/mothers/page.js';

const READER = 5;
const OTHER_READER = 6;

let lists: InMemoryBookListRepository;
let readersList: BookList;
let othersList: BookList;

beforeEach(async () => {
  lists = new InMemoryBookListRepository(new FakeClock());
  lists.describeBook(1, { title: 'Die Verwandlung', authors: ['Franz Kafka'], bestPrice: null });
  readersList = await lists.add(READER, { name: 'Kafka', bookIds: [1], token: 'reader-token' });
  await lists.add(READER, { name: 'Lem', bookIds: [], token: 'reader-token-2' });
  othersList = await lists.add(OTHER_READER, { name: 'Theirs', bookIds: [1], token: 'other-token' });
});

describe('GetOwnList', () => {
  it("answers the user's list", async () => {
    expect(await new GetOwnList(lists).execute(READER, readersList.id)).toEqual(readersList);
  });

  it("answers not_found for another user's list", async () => {
    const refused = new GetOwnList(lists).execute(READER, othersList.id);
    await expect(refused).rejects.toBeInstanceOf(ListNotFoundError);
    await expect(refused).rejects.toMatchObject({ code: 'not_found', message: `List ${othersList.id} does not exist` });
  });
});

describe('GetPublicList', () => {
  it("shows anyone with the token the list's name and books, nothing about its owner", async () => {
    const shown = await new GetPublicList(lists).execute('other-token');
    expect(shown).toEqual({
      name: 'Theirs',
      createdAt: othersList.createdAt,
      books: [{ bookId: 1, title: 'Die Verwandlung', authors: ['Franz Kafka'], bestPrice: null }],
    });
  });

  it('answers not_found for an unknown token without echoing the secret back', async () => {
    const refused = new GetPublicList(lists).execute('guessed-token');
    await expect(refused).rejects.toMatchObject({ code: 'not_found' });
    await expect(refused).rejects.not.toThrow('guessed-token');
  });
});

describe('ListLists', () => {
  it("pages the user's lists only", async () => {
    const use = new ListLists(lists);
    const first = await use.execute(READER, firstPage(1));
    expect(first).toMatchObject({ items: [{ name: 'Kafka' }], hasMore: true });
    expect(await use.execute(READER, pageAfter(first.items[0]!.id, 1))).toMatchObject({ items: [{ name: 'Lem' }], hasMore: false });
    expect((await use.execute(OTHER_READER, firstPage())).items.map((l) => l.name)).toEqual(['Theirs']);
  });
});

describe('DeleteList', () => {
  it("deletes the user's list, and its token stops working", async () => {
    await new DeleteList(lists).execute(READER, readersList.id);
    expect(lists.of(READER).map((l) => l.name)).toEqual(['Lem']);
    await expect(new GetPublicList(lists).execute('reader-token')).rejects.toBeInstanceOf(ListNotFoundError);
  });

  it("answers not_found for another user's list and keeps it", async () => {
    await expect(new DeleteList(lists).execute(READER, othersList.id)).rejects.toBeInstanceOf(ListNotFoundError);
    expect(lists.of(OTHER_READER)).toHaveLength(1);
  });
});
