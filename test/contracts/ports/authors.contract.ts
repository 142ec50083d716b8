// What the catalog's author use cases rely on from an AuthorRepository: a saved author reads back as saved (replaced
// whole on the next save), an author a book credits cannot be deleted, and the listing is one keyset page by id,
// narrowed by `ids` and by a search on the folded name or an alias (a literal "contains": % and _ are plain).
import { describe, expect, it } from 'vitest';
import type { AuthorRepository } from '../../../src/application/catalog/ports/author-repository.js';
import { Author, type AuthorFields } from '../../../src/domain/catalog/author.js';
import { AuthorInUseError } from '../../../src/domain/catalog/errors.js';
import { expectKeysetPages, readAll } from './keyset-pages.js';

export interface AuthorWorld {
  authors: AuthorRepository;
  /** A book credits the author. */
  aBookBy(authorId: number): Promise<void>;
  /** One transaction around `work` (what the use cases hold around a read and a save). */
  transaction<T>(work: () => Promise<T>): Promise<T>;
}

const CREATED = new Date('2026-01-15T10:00:00Z');
const UPDATED = new Date('2026-02-01T08:30:00Z');

/** Saves a new author (outside any transaction, as a seeder would) and answers its id. */
async function saved(w: AuthorWorld, name: string, aliases: string[] = []): Promise<number> {
  const author = Author.createByUser({ name, aliases }, CREATED);
  await w.authors.save(author);
  expect(author.id).toEqual(expect.any(Number));
  return author.id;
}

/** What a reader of the author sees. */
const shown = (a: Author | null | undefined) =>
  a && {
    id: a.id,
    name: a.name,
    aliases: a.aliases,
    isUserCreated: a.isUserCreated,
    nameSearch: a.nameSearch,
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
  };

const idOf = (a: Author) => a.id;

export function describeAuthorRepositoryContract(name: string, makeSubject: () => Promise<AuthorWorld>): void {
  describe(`AuthorRepository contract: ${name}`, () => {
    it('numbers a new author and reads it back as saved; nothing for an unknown id', async () => {
      const w = await makeSubject();
      const fields: AuthorFields = { name: ' Stanisław Lem ', aliases: ['S. Lem', 'Станислав Лем'] };
      const author = Author.createByUser(fields, CREATED);
      await w.authors.save(author);
      const expected = {
        id: author.id,
        name: 'Stanisław Lem',
        aliases: ['S. Lem', 'Станислав Лем'],
        isUserCreated: true,
        nameSearch: 'stanislaw lem\u0001s. lem\u0001станислав лем',
        createdAt: CREATED,
        updatedAt: CREATED,
      };
      expect(shown(await w.authors.findById(author.id))).toEqual(expected);
      expect((await readAll((r) => w.authors.page({}, r))).map(shown)).toEqual([expected]);
      const found = Author.createByUser({ name: 'Found by a source', aliases: [] }, CREATED);
      found.isUserCreated = false;
      await w.authors.save(found);
      expect(shown(await w.authors.findById(found.id))).toMatchObject({ name: 'Found by a source', aliases: [], isUserCreated: false });
      expect(await w.authors.findById(Math.max(author.id, found.id) + 1000)).toBeNull();
    });

    it('replaces the name and aliases on the next save; the search follows', async () => {
      const w = await makeSubject();
      const id = await saved(w, 'Franz Kafka', ['F. K.']);
      await w.transaction(async () => {
        const author = (await w.authors.findById(id))!;
        author.replace({ name: 'Franz Kafka', aliases: ['Amschel'] }, UPDATED);
        await w.authors.save(author);
      });
      expect(shown(await w.authors.findById(id))).toMatchObject({ aliases: ['Amschel'], createdAt: CREATED, updatedAt: UPDATED });
      expect((await readAll((r) => w.authors.page({ search: 'amschel' }, r))).map(idOf)).toEqual([id]);
      expect(await readAll((r) => w.authors.page({ search: 'f. k.' }, r))).toEqual([]);
    });

    it('answers the ids that name no author (repeats kept), none for an empty list', async () => {
      const w = await makeSubject();
      const [a, b] = [await saved(w, 'Franz Kafka'), await saved(w, 'Max Brod')];
      const unknown = Math.max(a, b) + 1000;
      expect(await w.authors.findMissingIds([b, a])).toEqual([]);
      const missing = await w.authors.findMissingIds([unknown + 1, a, unknown, unknown]);
      expect([...missing].sort((x, y) => x - y)).toEqual([unknown, unknown, unknown + 1]);
      expect(await w.authors.findMissingIds([])).toEqual([]);
    });

    it('deletes an author no book credits; refuses one a book credits, keeping it', async () => {
      const w = await makeSubject();
      const [free, credited] = [await saved(w, 'Nobody Yet'), await saved(w, 'Franz Kafka')];
      await w.aBookBy(credited);
      await w.transaction(async () => w.authors.delete((await w.authors.findById(free))!));
      expect(await w.authors.findById(free)).toBeNull();
      expect(await w.authors.findMissingIds([free])).toEqual([free]);
      await expect(w.transaction(async () => w.authors.delete((await w.authors.findById(credited))!))).rejects.toBeInstanceOf(AuthorInUseError);
      expect((await w.authors.findById(credited))?.name).toBe('Franz Kafka');
    });

    it('lists every author by id in keyset pages, without gaps or repeats', async () => {
      const w = await makeSubject();
      const ids: number[] = [];
      for (let i = 0; i < 5; i++) ids.push(await saved(w, `Author ${i}`));
      await expectKeysetPages((r) => w.authors.page({}, r), idOf, ids);
      await expectKeysetPages((r) => w.authors.page({}, r), idOf, ids, 3);
    });

    it('searches the folded name and the aliases, each author once, in keyset pages; % and _ are plain', async () => {
      const w = await makeSubject();
      const lem = await saved(w, 'Stanisław Lem', ['S. Lem']);
      await saved(w, 'Franz Kafka');
      const lemaitre = await saved(w, 'Pierre Lemaitre');
      const pseudonym = await saved(w, 'Paul French', ['Lemony Snicket']);
      const percent = await saved(w, 'Agent 50%');
      await saved(w, 'Agent 500');
      const underscore = await saved(w, 'snake_case');
      await saved(w, 'snakeXcase');
      const search = (text: string) => readAll((r) => w.authors.page({ search: text }, r)).then((authors) => authors.map(idOf));
      expect(await search('lem')).toEqual([lem, lemaitre, pseudonym]);
      expect(await search('stanislaw')).toEqual([lem]);
      expect(await search('snicket')).toEqual([pseudonym]);
      expect(await search('50%')).toEqual([percent]);
      expect(await search('e_c')).toEqual([underscore]);
      expect(await search('tolkien')).toEqual([]);
      await expectKeysetPages((r) => w.authors.page({ search: 'lem' }, r), idOf, [lem, lemaitre, pseudonym], 1);
    });

    it('lists only the authors named by ids (unknown ids absent), in id order, narrowed by a search', async () => {
      const w = await makeSubject();
      const ids: number[] = [];
      for (let i = 0; i < 6; i++) ids.push(await saved(w, i % 2 === 0 ? `Anna ${i}` : `Bruno ${i}`, i === 3 ? ['Annabel'] : []));
      const named = [ids[4]!, ids[0]!, ids[3]!, ids[1]!, Math.max(...ids) + 1000];
      await expectKeysetPages((r) => w.authors.page({ ids: named }, r), idOf, [ids[0]!, ids[1]!, ids[3]!, ids[4]!]);
      await expectKeysetPages((r) => w.authors.page({ ids: named, search: 'ann' }, r), idOf, [ids[0]!, ids[3]!, ids[4]!], 1);
      expect(await readAll((r) => w.authors.page({ ids: [Math.max(...ids) + 1000] }, r))).toEqual([]);
      expect(await readAll((r) => w.authors.page({ ids: [] }, r))).toEqual([]);
    });
  });
}
