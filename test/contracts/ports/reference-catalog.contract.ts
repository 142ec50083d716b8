// What the reference use cases and the catalog's checks rely on from a ReferenceCatalog, whatever its data: every
// list read in id order in keyset pages, lookups agreeing with the lists, genres of a type, the ontology by type and
// genre, and a user's stores a subset of the active stores. Which stores a user can buy from (the store rule) is
// held by its own case table; here only its shape.
import { describe, expect, it } from 'vitest';
import type { ReferenceCatalog } from '../../../src/application/reference/ports/reference-catalog.js';
import { buildOntologyTree } from '../../../src/domain/reference/reference-data.js';
import { expectKeysetPages, type PageReader, readAll } from './keyset-pages.js';

export interface ReferenceWorld {
  catalog: ReferenceCatalog;
  /** A user who can buy from at least two active stores (and not from every store). */
  aUserWithStores(): Promise<number>;
  /** A user no store sells to. */
  aUserWithoutStores(): Promise<number>;
}

const ascending = (keys: readonly number[]) => keys.every((key, i) => i === 0 || keys[i - 1]! < key);
const idOf = (item: { id: number }) => item.id;

export function describeReferenceCatalogContract(name: string, makeSubject: () => Promise<ReferenceWorld>): void {
  describe(`ReferenceCatalog contract: ${name}`, () => {
    it('pages stores, languages and types by id without gaps or repeats', async () => {
      const w = await makeSubject();
      const lists: Array<PageReader<{ id: number }>> = [(r) => w.catalog.storesPage(r), (r) => w.catalog.languagesPage(r), (r) => w.catalog.typesPage(r)];
      for (const read of lists) {
        const keys = (await readAll(read)).map(idOf);
        expect(keys.length).toBeGreaterThan(1);
        expect(ascending(keys), JSON.stringify(keys)).toBe(true);
        await expectKeysetPages(read, idOf, keys, Math.max(1, Math.floor(keys.length / 3)));
      }
    });

    it('finds a listed language by id, and no language for an id not listed', async () => {
      const w = await makeSubject();
      const languages = await readAll((r) => w.catalog.languagesPage(r));
      for (const language of [languages[0]!, languages.at(-1)!]) expect(await w.catalog.findLanguage(language.id)).toEqual(language);
      expect(await w.catalog.findLanguage(languages.at(-1)!.id + 1000)).toBeNull();
    });

    it('pages the genres of every type, or of one type; a genre exists exactly when listed', async () => {
      const w = await makeSubject();
      const types = await readAll((r) => w.catalog.typesPage(r));
      const genres = await readAll((r) => w.catalog.genresPage(null, r));
      expect(genres.length).toBeGreaterThan(1);
      expect(ascending(genres.map(idOf))).toBe(true);
      expect(genres.every((g) => types.some((t) => t.id === g.typeId))).toBe(true);
      for (const type of types) {
        const mine = genres.filter((g) => g.typeId === type.id).map(idOf);
        await expectKeysetPages((r) => w.catalog.genresPage(type.id, r), idOf, mine);
      }
      expect(await readAll((r) => w.catalog.genresPage(types.at(-1)!.id + 1000, r))).toEqual([]);
      expect(await w.catalog.genreExists(genres[0]!.id)).toBe(true);
      expect(await w.catalog.genreExists(genres.at(-1)!.id + 1000)).toBe(false);
    });

    // Not parents first, whatever the port's comment says: SQL orders siblings by position, so a child may come
    // before its parent; buildOntologyTree does not need more than each node's parent being in the same list.
    it('lists the ontology by type and genre, each parent in the list; a filter keeps the same order', async () => {
      const w = await makeSubject();
      const nodes = await w.catalog.ontology({});
      expect(nodes.length).toBeGreaterThan(1);
      const byTypeAndGenre = [...nodes].sort((a, b) => a.typeId - b.typeId || a.genreId - b.genreId);
      expect(nodes.map(idOf)).toEqual(byTypeAndGenre.map(idOf));
      const byId = new Map(nodes.map((n) => [n.id, n]));
      for (const node of nodes.filter((n) => n.parentId !== null)) {
        expect(byId.get(node.parentId!), `the parent of node ${node.id}`).toMatchObject({ typeId: node.typeId, genreId: node.genreId });
      }
      expect(buildOntologyTree(nodes).every((root) => byId.get(root.id)!.parentId === null)).toBe(true);
      const { typeId, genreId } = nodes.find((n) => n.parentId !== null)!;
      expect(await w.catalog.ontology({ typeId })).toEqual(nodes.filter((n) => n.typeId === typeId));
      expect(await w.catalog.ontology({ genreId })).toEqual(nodes.filter((n) => n.genreId === genreId));
      expect(await w.catalog.ontology({ typeId, genreId })).toEqual(nodes.filter((n) => n.typeId === typeId && n.genreId === genreId));
      expect(await w.catalog.ontology({ typeId: typeId + 1000 })).toEqual([]);
    });

    it("pages a user's stores by id: active stores only, other users' stores not among them", async () => {
      const w = await makeSubject();
      const buyer = await w.aUserWithStores();
      const nobody = await w.aUserWithoutStores();
      const stores = await readAll((r) => w.catalog.storesPage(r));
      const mine = await readAll((r) => w.catalog.userStoresPage(buyer, r));
      expect(mine.length).toBeGreaterThan(1);
      expect(mine.length).toBeLessThan(stores.length);
      expect(mine.every((s) => s.isActive && stores.some((listed) => listed.id === s.id && JSON.stringify(listed) === JSON.stringify(s)))).toBe(true);
      await expectKeysetPages((r) => w.catalog.userStoresPage(buyer, r), idOf, mine.map(idOf), 1);
      expect(await readAll((r) => w.catalog.userStoresPage(nobody, r))).toEqual([]);
      expect(await readAll((r) => w.catalog.userStoresPage(Math.max(buyer, nobody) + 1000, r))).toEqual([]);
    });
  });
}
