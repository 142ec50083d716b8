import type pg from 'pg';
import { Money } from '../../../domain/shared/money.js';
import { TAXONOMY, type TaxonomyNode } from './taxonomy.js';

export interface SeedSummary {
  types: number;
  genres: number;
  ontologyNodes: number;
  stores: number;
  activeStores: number;
}

/** A store row as the configuration describes it (the store adapter reads the recipe files into these). */
export interface ReferenceStore {
  key: string;
  name: string;
  country: string | null;
  currency: string;
  formats: readonly string[];
  homepageUrl: string;
  productUrlTemplate: string;
  demo: boolean;
  isActive: boolean;
  extraction: unknown;
  /** Destination (ISO country or `*`) → charges as amounts in the store's currency; null when unknown. */
  shipping: Readonly<Record<string, { flat: string; freeFrom?: string | undefined; perExtraItem?: string | undefined }>> | null;
}

/** `store.shipping` as the SQL reads it: destination → charges in minor units of the store's currency. */
export function shippingColumn(store: Pick<ReferenceStore, 'currency' | 'shipping'>): Record<string, { flat_minor: number; free_from_minor: number | null; per_extra_item_minor: number | null }> | null {
  if (store.shipping === null) return null;
  const minor = (amount: string | undefined) => (amount === undefined ? null : Number(Money.parse(amount, store.currency).toMinor()));
  return Object.fromEntries(
    Object.entries(store.shipping).map(([destination, rate]) => [
      destination,
      { flat_minor: minor(rate.flat)!, free_from_minor: minor(rate.freeFrom), per_extra_item_minor: minor(rate.perExtraItem) },
    ]),
  );
}

interface NodeRow {
  key: string;
  type_key: string;
  genre_key: string;
  parent_key: string | null;
  name: string;
  position: number;
}

/**
 * Upserts the shipped reference data by stable keys, at every start: running it twice changes nothing, a newer
 * release adds or renames rows, and no user data is touched. A store no longer listed keeps its row (its prices
 * refer to it) but is no longer asked.
 */
export async function seedReferenceData(db: pg.ClientBase, stores: readonly ReferenceStore[]): Promise<SeedSummary> {
  const types = TAXONOMY.map((t, position) => ({ key: t.key, name: t.name, position }));
  const genres = TAXONOMY.flatMap((t) => t.genres.map((g, position) => ({ key: g.key, type_key: t.key, name: g.name, position })));
  const levels: NodeRow[][] = [];
  const walk = (nodes: readonly TaxonomyNode[], typeKey: string, genreKey: string, parentKey: string | null, depth: number): void => {
    nodes.forEach((node, position) => {
      (levels[depth] ??= []).push({ key: node.key, type_key: typeKey, genre_key: genreKey, parent_key: parentKey, name: node.name, position });
      walk(node.children ?? [], typeKey, genreKey, node.key, depth + 1);
    });
  };
  for (const t of TAXONOMY) for (const g of t.genres) walk(g.ontology, t.key, g.key, null, 0);

  await db.query(
    `insert into type (type_key, type_name, position)
     select r.key, r.name, r.position from jsonb_to_recordset($1::jsonb) as r(key text, name text, position int)
     order by r.position
     on conflict (type_key) do update set type_name = excluded.type_name, position = excluded.position
     where (type.type_name, type.position) is distinct from (excluded.type_name, excluded.position)`,
    [JSON.stringify(types)],
  );
  await db.query(
    `insert into genre (genre_key, type_id, genre_name, position)
     select r.key, t.type_id, r.name, r.position
     from jsonb_to_recordset($1::jsonb) as r(key text, type_key text, name text, position int)
     join type t on t.type_key = r.type_key
     order by t.position, r.position
     on conflict (genre_key) do update set genre_name = excluded.genre_name, position = excluded.position
     where (genre.genre_name, genre.position) is distinct from (excluded.genre_name, excluded.position)`,
    [JSON.stringify(genres)],
  );
  // Level by level, so every parent exists before its children refer to it.
  for (const level of levels) {
    await db.query(
      `insert into ontology_node (node_key, type_id, genre_id, parent_id, name, position)
       select r.key, t.type_id, g.genre_id, p.ontology_node_id, r.name, r.position
       from jsonb_to_recordset($1::jsonb) as r(key text, type_key text, genre_key text, parent_key text, name text, position int)
       join type t on t.type_key = r.type_key
       join genre g on g.genre_key = r.genre_key
       left join ontology_node p on p.node_key = r.parent_key
       order by t.position, g.position, p.ontology_node_id nulls first, r.position
       on conflict (node_key) do update set name = excluded.name, position = excluded.position, parent_id = excluded.parent_id
       where (ontology_node.name, ontology_node.position, ontology_node.parent_id)
         is distinct from (excluded.name, excluded.position, excluded.parent_id)`,
      [JSON.stringify(level)],
    );
  }

  const storeRows = stores.map((s, position) => ({
    position,
    key: s.key,
    name: s.name,
    country: s.country,
    currency: s.currency,
    formats: s.formats,
    homepage_url: s.homepageUrl,
    product_url_template: s.productUrlTemplate,
    is_demo: s.demo,
    is_active: s.isActive,
    extraction: s.extraction,
    shipping: shippingColumn(s),
  }));
  await db.query(
    `insert into store (store_key, store_name, country, currency, formats, homepage_url, product_url_template, is_demo, is_active, extraction, shipping)
     select r.key, r.name, r.country, r.currency, array(select jsonb_array_elements_text(r.formats)),
            r.homepage_url, r.product_url_template, r.is_demo, r.is_active, r.extraction, r.shipping
     from jsonb_to_recordset($1::jsonb)
       as r(key text, name text, country text, currency text, formats jsonb, homepage_url text, product_url_template text,
            is_demo boolean, is_active boolean, extraction jsonb, shipping jsonb, position int)
     order by r.position
     on conflict (store_key) do update set store_name = excluded.store_name, country = excluded.country,
       currency = excluded.currency, formats = excluded.formats, homepage_url = excluded.homepage_url,
       product_url_template = excluded.product_url_template, is_demo = excluded.is_demo, is_active = excluded.is_active,
       extraction = excluded.extraction, shipping = excluded.shipping
     where (store.store_name, store.country, store.currency, store.formats, store.homepage_url, store.product_url_template,
            store.is_demo, store.is_active, store.extraction, store.shipping)
       is distinct from (excluded.store_name, excluded.country, excluded.currency, excluded.formats, excluded.homepage_url,
                         excluded.product_url_template, excluded.is_demo, excluded.is_active, excluded.extraction, excluded.shipping)`,
    [JSON.stringify(storeRows)],
  );
  await db.query('update store set is_active = false where is_active and store_key <> all($1::text[])', [storeRows.map((s) => s.key)]);

  return {
    types: types.length,
    genres: genres.length,
    ontologyNodes: levels.reduce((n, level) => n + level.length, 0),
    stores: storeRows.length,
    activeStores: storeRows.filter((s) => s.is_active).length,
  };
}
