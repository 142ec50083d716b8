// Reference data: types, genres, the ontology tree, languages and stores, and the idempotent seeder.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config/config.js';
import { SHIPPED_STORES } from '../../../src/adapters/stores/recipes/shipped-stores.js';
import { TAXONOMY, type TaxonomyNode } from '../../../src/adapters/postgres/seed/taxonomy.js';
import { seedReferenceData } from '../../../src/adapters/postgres/seed/reference-seeder.js';
import { configuredStores } from '../../../src/adapters/stores/recipes/configured-stores.js';
import { startTestService, TEST_JWT_SECRET, type TestService } from '../../support/test-service.js';
import { expectError, walkPages } from '../user/user-space-helpers.js';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(async () => {
  await t.stop();
});

interface ApiNode {
  ontology_node_id: number;
  name: string;
  type_id: number;
  genre_id: number;
  children: ApiNode[];
}

interface NameTree {
  name: string;
  children: NameTree[];
}

const namesOfTaxonomy = (nodes: readonly TaxonomyNode[]): NameTree[] =>
  nodes.map((n) => ({ name: n.name, children: namesOfTaxonomy(n.children ?? []) }));
const namesOfApi = (nodes: readonly ApiNode[]): NameTree[] => nodes.map((n) => ({ name: n.name, children: namesOfApi(n.children) }));

function flatten(nodes: readonly ApiNode[]): ApiNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}

async function count(sql: string, values: unknown[] = []): Promise<number> {
  const [row] = await t.db.sql<{ n: number }>(sql, values);
  return row!.n;
}

/** type_id and genre_id of the seeded rows, by the taxonomy's stable keys. */
async function idsByKey(): Promise<{ types: Map<string, number>; genres: Map<string, number> }> {
  const types = await t.db.sql<{ type_key: string; type_id: string }>('select type_key, type_id from type');
  const genres = await t.db.sql<{ genre_key: string; genre_id: string }>('select genre_key, genre_id from genre');
  return {
    types: new Map(types.map((r) => [r.type_key, Number(r.type_id)])),
    genres: new Map(genres.map((r) => [r.genre_key, Number(r.genre_id)])),
  };
}

describe('types', () => {
  it('lists exactly the 9 types, in the taxonomy order, with type_id and type_name', async () => {
    const res = await t.call('GET', '/api/types');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(9);
    expect(res.body._links.next).toBeUndefined();
    expect(res.body._links.prev).toBeUndefined();
    for (const type of res.body.data) {
      expect(typeof type.type_id).toBe('number');
      expect(typeof type.type_name).toBe('string');
    }
    expect(res.body.data.map((x: { type_name: string }) => x.type_name)).toEqual(TAXONOMY.map((x) => x.name));
    expect(await count('select count(*)::int as n from type')).toBe(9);
  });

  it('is paginated like every list (per_page and next)', async () => {
    const first = await t.call('GET', '/api/types?per_page=5');
    expect(first.body.data).toHaveLength(5);
    expect(first.body._links.next).toBeDefined();
    const all = await walkPages(t, '/api/types?per_page=4');
    expect(all.map((x: { type_id: number }) => x.type_id)).toEqual((await t.call('GET', '/api/types')).body.data.map((x: { type_id: number }) => x.type_id));
  });
});

describe('genres', () => {
  it('lists every genre without a filter', async () => {
    const all = await walkPages(t, '/api/genres?per_page=100');
    expect(all).toHaveLength(TAXONOMY.reduce((n, type) => n + type.genres.length, 0));
    expect(all).toHaveLength(await count('select count(*)::int as n from genre'));
    for (const g of all) expect(Object.keys(g).sort()).toEqual(expect.arrayContaining(['genre_id', 'genre_name', 'type_id']));
  });

  it('filters by type_id: exactly the genres of that type, and the links keep the filter', async () => {
    const { types } = await idsByKey();
    for (const type of TAXONOMY) {
      const typeId = types.get(type.key)!;
      const genres = await walkPages<{ genre_id: number; type_id: number; genre_name: string }>(t, `/api/genres?type_id=${typeId}&per_page=3`);
      expect(genres.map((g) => g.type_id).every((id) => id === typeId), type.key).toBe(true);
      expect(genres.map((g) => g.genre_name), type.key).toEqual(type.genres.map((g) => g.name));
    }
    const typeId = types.get(TAXONOMY[0]!.key)!;
    const page = await t.call('GET', `/api/genres?type_id=${typeId}&per_page=1`);
    for (const name of ['self', 'first', 'last', 'next'] as const) {
      const href = new URL(page.body._links[name].href, t.baseUrl);
      expect(href.searchParams.get('type_id'), name).toBe(String(typeId));
      expect(href.searchParams.get('per_page'), name).toBe('1');
    }
  });

  it('answers 400 validation_failed for an unknown or malformed type_id', async () => {
    expectError(await t.call('GET', '/api/genres?type_id=987654'), 400, 'validation_failed', 'type_id');
    for (const bad of ['abc', '0', '-1', '1.5', '', '99999999999999999999', '1e2']) {
      expectError(await t.call('GET', `/api/genres?type_id=${encodeURIComponent(bad)}`), 400, 'validation_failed', 'type_id');
    }
    expectError(await t.call('GET', '/api/genres?type_id=1&type_id=2'), 400, 'validation_failed');
  });
});

describe('ontology', () => {
  it('returns the whole tree as root nodes with nested children, not paginated', async () => {
    const res = await t.call('GET', '/api/ontology');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['_links', 'data']);
    expect(Object.keys(res.body._links)).toEqual(['self']);
    expect(res.body._links.self.href).toBe('/api/ontology');
    const nodes = flatten(res.body.data);
    expect(nodes).toHaveLength(await count('select count(*)::int as n from ontology_node'));
    expect(new Set(nodes.map((n) => n.ontology_node_id)).size).toBe(nodes.length);
    for (const node of nodes) {
      expect(Object.keys(node).sort()).toEqual(['children', 'genre_id', 'name', 'ontology_node_id', 'type_id']);
      for (const child of node.children) {
        expect(child.type_id).toBe(node.type_id);
        expect(child.genre_id).toBe(node.genre_id);
      }
    }
    // The roots are the nodes without a parent, and the nesting is the parent relation of the table.
    const roots = await t.db.sql<{ ontology_node_id: string }>('select ontology_node_id from ontology_node where parent_id is null');
    expect(res.body.data.map((n: ApiNode) => n.ontology_node_id).sort((a: number, b: number) => a - b)).toEqual(
      roots.map((r) => Number(r.ontology_node_id)).sort((a, b) => a - b),
    );
    const edges = await t.db.sql<{ id: string; parent: string }>('select ontology_node_id as id, parent_id as parent from ontology_node where parent_id is not null');
    const apiEdges = nodes.flatMap((n) => n.children.map((c) => `${c.ontology_node_id}<${n.ontology_node_id}`)).sort();
    expect(apiEdges).toEqual(edges.map((e) => `${e.id}<${e.parent}`).sort());
    expect(nodes.some((n) => n.children.some((c) => c.children.length > 0)), 'at least three levels deep').toBe(true);

    // Paging parameters do not cut the tree.
    const perPage = await t.call('GET', '/api/ontology?per_page=1');
    expect(perPage.status).toBe(200);
    expect(flatten(perPage.body.data)).toHaveLength(nodes.length);
    expect(perPage.body._links.next).toBeUndefined();
  });

  it('filters by type_id and genre_id, following the taxonomy (names, nesting and sibling order)', async () => {
    const { types, genres } = await idsByKey();
    for (const type of TAXONOMY.slice(0, 3)) {
      const typeId = types.get(type.key)!;
      const byType = await t.call('GET', `/api/ontology?type_id=${typeId}`);
      expect(byType.status).toBe(200);
      expect(byType.body._links.self.href).toBe(`/api/ontology?type_id=${typeId}`);
      const nodes = flatten(byType.body.data);
      expect(nodes.every((n) => n.type_id === typeId)).toBe(true);
      expect(nodes).toHaveLength(await count('select count(*)::int as n from ontology_node where type_id = $1', [typeId]));
      expect(namesOfApi(byType.body.data)).toEqual(type.genres.flatMap((g) => namesOfTaxonomy(g.ontology)));

      for (const genre of type.genres) {
        const genreId = genres.get(genre.key)!;
        const both = await t.call('GET', `/api/ontology?type_id=${typeId}&genre_id=${genreId}`);
        expect(both.status).toBe(200);
        expect(namesOfApi(both.body.data), genre.key).toEqual(namesOfTaxonomy(genre.ontology));
        expect(flatten(both.body.data).every((n) => n.genre_id === genreId && n.type_id === typeId)).toBe(true);
        const href = new URL(both.body._links.self.href, t.baseUrl);
        expect(href.searchParams.get('type_id')).toBe(String(typeId));
        expect(href.searchParams.get('genre_id')).toBe(String(genreId));

        const genreOnly = await t.call('GET', `/api/ontology?genre_id=${genreId}`);
        expect(genreOnly.status).toBe(200);
        expect(genreOnly.body.data).toEqual(both.body.data);
      }
    }
  });

  it('follows its self link to the same tree', async () => {
    const { genres } = await idsByKey();
    const genreId = genres.get(TAXONOMY[0]!.genres[0]!.key)!;
    const res = await t.call('GET', `/api/ontology?genre_id=${genreId}`);
    const again = await t.call('GET', res.body._links.self.href);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(res.body);
  });

  it('answers 400 validation_failed for unknown or malformed ids, never an empty tree', async () => {
    const { types, genres } = await idsByKey();
    const typeId = types.get(TAXONOMY[0]!.key)!;
    const genreId = genres.get(TAXONOMY[0]!.genres[0]!.key)!;
    expectError(await t.call('GET', '/api/ontology?type_id=987654'), 400, 'validation_failed', 'type_id');
    expectError(await t.call('GET', '/api/ontology?genre_id=987654'), 400, 'validation_failed', 'genre_id');
    expectError(await t.call('GET', `/api/ontology?type_id=${typeId}&genre_id=987654`), 400, 'validation_failed', 'genre_id');
    expectError(await t.call('GET', `/api/ontology?type_id=987654&genre_id=${genreId}`), 400, 'validation_failed', 'type_id');
    for (const bad of ['abc', '0', '-1', '1.5', '', '99999999999999999999']) {
      expectError(await t.call('GET', `/api/ontology?type_id=${encodeURIComponent(bad)}`), 400, 'validation_failed', 'type_id');
      expectError(await t.call('GET', `/api/ontology?genre_id=${encodeURIComponent(bad)}`), 400, 'validation_failed', 'genre_id');
    }
  });

  it('answers a genre of another type without a 5xx and without nodes of either', async () => {
    const { types, genres } = await idsByKey();
    const typeId = types.get(TAXONOMY[0]!.key)!;
    const otherGenre = genres.get(TAXONOMY[1]!.genres[0]!.key)!;
    const res = await t.call('GET', `/api/ontology?type_id=${typeId}&genre_id=${otherGenre}`);
    expect([200, 400], res.text).toContain(res.status);
    if (res.status === 200) expect(res.body.data).toEqual([]);
  });
});

describe('languages', () => {
  it('pages through all 183 ISO 639-1 languages exactly once', async () => {
    const first = await t.call('GET', '/api/languages');
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(20);
    expect(first.body._links.next).toBeDefined();
    const all = await walkPages<{ language_id: number; language_code: string; language_name: string }>(t, '/api/languages?per_page=50');
    expect(all).toHaveLength(183);
    expect(await count('select count(*)::int as n from language')).toBe(183);
    expect(new Set(all.map((l) => l.language_id)).size).toBe(183);
    expect(new Set(all.map((l) => l.language_code)).size).toBe(183);
    for (const l of all) {
      expect(typeof l.language_id).toBe('number');
      expect(l.language_code).toMatch(/^[a-z]{2}$/);
      expect(l.language_name.length).toBeGreaterThan(0);
    }
    const ids = all.map((l) => l.language_id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(all).toContainEqual(expect.objectContaining({ language_code: 'en', language_name: 'English' }));
  });

  it('walks back from last with prev', async () => {
    const forward = await walkPages<{ language_id: number }>(t, '/api/languages?per_page=40');
    const last = await t.call('GET', '/api/languages?per_page=40');
    const backward: number[] = [];
    let href: string | undefined = last.body._links.last.href;
    while (href) {
      const page = await t.call('GET', href);
      expect(page.status).toBe(200);
      backward.unshift(...page.body.data.map((l: { language_id: number }) => l.language_id));
      href = page.body._links.prev?.href;
    }
    expect(backward).toEqual(forward.map((l) => l.language_id));
  });
});

describe('stores', () => {
  it('lists active and inactive stores with every documented field', async () => {
    const stores = await walkPages<Record<string, unknown>>(t, '/api/stores?per_page=7');
    expect(stores).toHaveLength(SHIPPED_STORES.length);
    expect(stores).toHaveLength(await count('select count(*)::int as n from store'));
    for (const s of stores) {
      expect(s).toEqual(
        expect.objectContaining({
          store_id: expect.any(Number),
          store_name: expect.any(String),
          currency: expect.stringMatching(/^[A-Z]{3}$/),
          formats: expect.any(Array),
          homepage_url: expect.stringMatching(/^https?:\/\//),
          is_active: expect.any(Boolean),
        }),
      );
      expect(s.country === null || /^[A-Z]{2}$/.test(String(s.country))).toBe(true);
      expect((s.formats as string[]).length).toBeGreaterThan(0);
      for (const f of s.formats as string[]) expect(['hardcover', 'paperback', 'ebook', 'audiobook']).toContain(f);
    }
    // Demonstration stores are active in tests; real stores ship disabled.
    for (const shipped of SHIPPED_STORES) {
      const s = stores.find((x) => x.store_name === shipped.name);
      expect(s, shipped.key).toBeDefined();
      expect(s).toMatchObject({ country: shipped.country, currency: shipped.currency, formats: shipped.formats, is_active: shipped.demo });
    }
    expect(stores.some((s) => s.is_active === true)).toBe(true);
    expect(stores.some((s) => s.is_active === false)).toBe(true);
    // No internal configuration leaks (templates, extraction selectors).
    expect(JSON.stringify(stores)).not.toContain('product_url_template');
    expect(JSON.stringify(stores)).not.toContain('extraction');
  });

  it('shows a store that was switched off as inactive, still listed', async () => {
    const [row] = await t.db.sql<{ store_id: string }>("select store_id from store where store_key = 'demo-corner-bookshop'");
    await t.db.sql("update store set is_active = false where store_key = 'demo-corner-bookshop'");
    try {
      const stores = await walkPages<{ store_id: number; is_active: boolean }>(t, '/api/stores?per_page=100');
      expect(stores.find((s) => s.store_id === Number(row!.store_id))?.is_active).toBe(false);
    } finally {
      await t.db.sql("update store set is_active = true where store_key = 'demo-corner-bookshop'");
    }
  });
});

describe('seeding', () => {
  const digest = async () => {
    const [row] = await t.db.sql(`select
      (select count(*)::int from type) as types,
      (select count(*)::int from genre) as genres,
      (select count(*)::int from ontology_node) as nodes,
      (select count(*)::int from store) as stores,
      (select count(*)::int from language) as languages,
      (select md5(string_agg(x::text, '|' order by x.type_id)) from type x) as type_rows,
      (select md5(string_agg(x::text, '|' order by x.genre_id)) from genre x) as genre_rows,
      (select md5(string_agg(x::text, '|' order by x.ontology_node_id)) from ontology_node x) as node_rows,
      (select md5(string_agg(x::text, '|' order by x.store_id)) from store x) as store_rows,
      (select md5(string_agg(x::text, '|' order by x.language_id)) from language x) as language_rows`);
    return row;
  };

  it('is idempotent: seeding twice more changes no row and no id', async () => {
    // The same store settings the running service was started with.
    const { stores } = loadConfig({ NODE_ENV: 'test', DATABASE_URL: t.db.url, JWT_SECRET: TEST_JWT_SECRET, HOST: '127.0.0.1', PORT: '0' });
    const before = await digest();
    const idsBefore = await t.db.sql('select ontology_node_id, node_key, parent_id from ontology_node order by ontology_node_id');
    const client = new pg.Client({ connectionString: t.db.url });
    await client.connect();
    try {
      const first = await seedReferenceData(client, configuredStores(stores));
      const second = await seedReferenceData(client, configuredStores(stores));
      expect(second).toEqual(first);
      expect(first).toMatchObject({ types: 9, stores: SHIPPED_STORES.length, activeStores: SHIPPED_STORES.filter((s) => s.demo).length });
      expect(first.genres).toBe((before as { genres: number }).genres);
      expect(first.ontologyNodes).toBe((before as { nodes: number }).nodes);
    } finally {
      await client.end();
    }
    expect(await digest()).toEqual(before);
    expect(await t.db.sql('select ontology_node_id, node_key, parent_id from ontology_node order by ontology_node_id')).toEqual(idsBefore);
    expect((await t.call('GET', '/api/types')).body.data).toHaveLength(9);
  });
});
