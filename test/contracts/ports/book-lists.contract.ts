// What the list use cases rely on from a BookListRepository: one user never sees or deletes another's lists, a list
// keeps its books in the order given, the lists are read oldest first in keyset pages, and a share token shows the
// list's name and books (titles, authors in order) to anyone, nothing about the owner, until the list is deleted.
// The public best price (owner's currency first, cheapest latest daily quote in stock) is SQL's alone: the fake is
// told each book's price, so here only "no quote, no price".
import { describe, expect, it } from 'vitest';
import type { BookListRepository } from '../../../src/application/lists/ports/book-list-repository.js';
import { expectKeysetPages, readAll } from './keyset-pages.js';

export interface BookListWorld {
  lists: BookListRepository;
  aUser(): Promise<number>;
  /** A book in the catalog by `authors` (in that order) that no store quotes. */
  aBook(title: string, authors?: string[]): Promise<number>;
}

let tokens = 0;
/** A fresh share token (never all digits). */
const aToken = () => `contract-token-${++tokens}-${Math.random().toString(36).slice(2)}`;

export function describeBookListRepositoryContract(name: string, makeSubject: () => Promise<BookListWorld>): void {
  describe(`BookListRepository contract: ${name}`, () => {
    it('adds a list and reads it back with its books in the order given', async () => {
      const w = await makeSubject();
      const user = await w.aUser();
      const [a, b, c] = [await w.aBook('Solaris'), await w.aBook('Ubik'), await w.aBook('Dune')];
      const token = aToken();
      const added = await w.lists.add(user, { name: 'Science fiction', bookIds: [c, a, b], token });
      expect(added).toEqual({ id: expect.any(Number), name: 'Science fiction', bookIds: [c, a, b], token, createdAt: expect.any(Date) });
      expect(await w.lists.findById(user, added.id)).toEqual(added);
      expect(await readAll((r) => w.lists.page(user, r))).toEqual([added]);
      const empty = await w.lists.add(user, { name: 'Later', bookIds: [], token: aToken() });
      expect(await w.lists.findById(user, empty.id)).toEqual({ ...empty, bookIds: [] });
    });

    it("never shows or deletes another user's list: it is simply not found", async () => {
      const w = await makeSubject();
      const [owner, stranger] = [await w.aUser(), await w.aUser()];
      const list = await w.lists.add(owner, { name: 'Mine', bookIds: [await w.aBook('Solaris')], token: aToken() });
      expect(await w.lists.findById(stranger, list.id)).toBeNull();
      expect(await w.lists.remove(stranger, list.id)).toBe(false);
      expect(await readAll((r) => w.lists.page(stranger, r))).toEqual([]);
      expect(await w.lists.findById(owner, list.id)).toEqual(list);
    });

    it('removes a list once; its token then shows nothing', async () => {
      const w = await makeSubject();
      const user = await w.aUser();
      const list = await w.lists.add(user, { name: 'Gone soon', bookIds: [await w.aBook('Ubik')], token: aToken() });
      expect(await w.lists.remove(user, list.id)).toBe(true);
      expect(await w.lists.remove(user, list.id)).toBe(false);
      expect(await w.lists.findById(user, list.id)).toBeNull();
      expect(await w.lists.findPublic(list.token)).toBeNull();
      expect(await w.lists.findById(user, list.id + 1000)).toBeNull();
    });

    it("lists a user's lists oldest first in keyset pages, without gaps or repeats", async () => {
      const w = await makeSubject();
      const [user, other] = [await w.aUser(), await w.aUser()];
      const book = await w.aBook('Solaris');
      const ids: number[] = [];
      for (let i = 0; i < 5; i++) {
        ids.push((await w.lists.add(user, { name: `List ${i}`, bookIds: i % 2 === 0 ? [book] : [], token: aToken() })).id);
        await w.lists.add(other, { name: `Theirs ${i}`, bookIds: [book], token: aToken() });
      }
      await expectKeysetPages((r) => w.lists.page(user, r), (l) => l.id, ids);
      await expectKeysetPages((r) => w.lists.page(user, r), (l) => l.id, ids, 3);
    });

    it("shows anyone with the token the list's name and books (authors in order), nothing about its owner", async () => {
      const w = await makeSubject();
      const user = await w.aUser();
      const verwandlung = await w.aBook('Die Verwandlung', ['Franz Kafka']);
      const talisman = await w.aBook('The Talisman', ['Stephen King', 'Peter Straub']);
      const anonymous = await w.aBook('Beowulf');
      const list = await w.lists.add(user, { name: 'Shared', bookIds: [talisman, anonymous, verwandlung], token: aToken() });
      await w.lists.add(user, { name: 'Another', bookIds: [verwandlung], token: aToken() });
      expect(await w.lists.findPublic(list.token)).toEqual({
        name: 'Shared',
        createdAt: list.createdAt,
        books: [
          { bookId: talisman, title: 'The Talisman', authors: ['Stephen King', 'Peter Straub'], bestPrice: null },
          { bookId: anonymous, title: 'Beowulf', authors: [], bestPrice: null },
          { bookId: verwandlung, title: 'Die Verwandlung', authors: ['Franz Kafka'], bestPrice: null },
        ],
      });
      const empty = await w.lists.add(user, { name: 'Empty', bookIds: [], token: aToken() });
      expect(await w.lists.findPublic(empty.token)).toEqual({ name: 'Empty', createdAt: empty.createdAt, books: [] });
    });

    it('finds a list by its exact token only', async () => {
      const w = await makeSubject();
      const user = await w.aUser();
      const token = aToken();
      await w.lists.add(user, { name: 'Exact', bookIds: [], token });
      expect(await w.lists.findPublic(token)).toMatchObject({ name: 'Exact' });
      expect(await w.lists.findPublic(token.toUpperCase())).toBeNull();
      expect(await w.lists.findPublic(token.slice(0, -1))).toBeNull();
      expect(await w.lists.findPublic(`${token}x`)).toBeNull();
      expect(await w.lists.findPublic('')).toBeNull();
    });
  });
}
