import type { EditionFormat } from '../catalog/edition.js';

// Read-only reference data, as the API shows it.

export interface Language {
  id: number;
  code: string;
  name: string;
}

export interface BookType {
  id: number;
  name: string;
}

export interface Genre {
  id: number;
  typeId: number;
  name: string;
}

export interface Store {
  id: number;
  name: string;
  /** ISO 3166-1 alpha-2; null for an international store. */
  country: string | null;
  currency: string;
  formats: EditionFormat[];
  homepageUrl: string;
  isActive: boolean;
}

export interface OntologyNode {
  id: number;
  name: string;
  typeId: number;
  genreId: number;
  children: OntologyNode[];
}

export interface FlatOntologyNode {
  id: number;
  parentId: number | null;
  name: string;
  typeId: number;
  genreId: number;
}

/** Assembles flat rows (in display order) into trees; a node whose parent is missing becomes a root. */
export function buildOntologyTree(rows: readonly FlatOntologyNode[]): OntologyNode[] {
  const byId = new Map<number, OntologyNode>();
  for (const row of rows) byId.set(row.id, { id: row.id, name: row.name, typeId: row.typeId, genreId: row.genreId, children: [] });
  const roots: OntologyNode[] = [];
  for (const row of rows) {
    const node = byId.get(row.id)!;
    const parent = row.parentId === null ? undefined : byId.get(row.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}
