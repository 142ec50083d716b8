import { describe, expect, it } from 'vitest';
import { TAXONOMY, type TaxonomyNode } from '../../../src/adapters/postgres/seed/taxonomy.js';

/** Every entry of the taxonomy (types, genres and ontology nodes) with the key of its parent. */
interface Entry {
  key: string;
  name: string;
  parentKey: string | null;
}

function collectNodes(nodes: readonly TaxonomyNode[], parentKey: string, into: Entry[]): void {
  for (const node of nodes) {
    into.push({ key: node.key, name: node.name, parentKey });
    collectNodes(node.children ?? [], node.key, into);
  }
}

function allEntries(): Entry[] {
  const entries: Entry[] = [];
  for (const type of TAXONOMY) {
    entries.push({ key: type.key, name: type.name, parentKey: null });
    for (const genre of type.genres) {
      entries.push({ key: genre.key, name: genre.name, parentKey: type.key });
      collectNodes(genre.ontology, genre.key, entries);
    }
  }
  return entries;
}

function ontologyNodes(): Entry[] {
  const nodes: Entry[] = [];
  for (const type of TAXONOMY) for (const genre of type.genres) collectNodes(genre.ontology, genre.key, nodes);
  return nodes;
}

/** Levels below the genre: an ontology root alone is 1, a root with children is 2, and so on. */
function depth(node: TaxonomyNode): number {
  return 1 + Math.max(0, ...(node.children ?? []).map(depth));
}

/** Lists of sibling names: the types, the genres of each type, and the children of each genre or node. */
function siblingGroups(): { parent: string; names: string[] }[] {
  const groups = [{ parent: '(root)', names: TAXONOMY.map((type) => type.name) }];
  const visit = (parent: string, nodes: readonly TaxonomyNode[]): void => {
    groups.push({ parent, names: nodes.map((node) => node.name) });
    for (const node of nodes) if (node.children) visit(node.key, node.children);
  };
  for (const type of TAXONOMY) {
    groups.push({ parent: type.key, names: type.genres.map((genre) => genre.name) });
    for (const genre of type.genres) visit(genre.key, genre.ontology);
  }
  return groups;
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

describe('TAXONOMY', () => {
  it('has exactly 9 types', () => {
    expect(TAXONOMY).toHaveLength(9);
  });

  it('has at least 5 genres under every type', () => {
    for (const type of TAXONOMY) {
      expect(type.genres.length, type.key).toBeGreaterThanOrEqual(5);
    }
  });

  it('gives every (type, genre) pair a non-empty ontology', () => {
    for (const type of TAXONOMY) {
      for (const genre of type.genres) {
        expect(genre.ontology.length, genre.key).toBeGreaterThan(0);
      }
    }
  });

  it('uses keys that are unique across the whole taxonomy', () => {
    const keys = allEntries().map((entry) => entry.key);
    const duplicates = keys.filter((key, index) => keys.indexOf(key) !== index);
    expect(duplicates).toEqual([]);
  });

  it("builds every key as its parent's key + '/' + one lowercase slug", () => {
    for (const entry of allEntries()) {
      if (entry.parentKey === null) {
        expect(entry.key, entry.key).toMatch(SLUG);
      } else {
        expect(entry.key.startsWith(`${entry.parentKey}/`), entry.key).toBe(true);
        expect(entry.key.slice(entry.parentKey.length + 1), entry.key).toMatch(SLUG);
      }
    }
  });

  it('has between 500 and 1500 ontology nodes in total', () => {
    const count = ontologyNodes().length;
    expect(count).toBeGreaterThanOrEqual(500);
    expect(count).toBeLessThanOrEqual(1500);
  });

  it('has at least 10 branches reaching 3 or more levels below their genre', () => {
    const deepBranches = TAXONOMY.flatMap((type) => type.genres)
      .flatMap((genre) => genre.ontology)
      .filter((root) => depth(root) >= 3);
    expect(deepBranches.length).toBeGreaterThanOrEqual(10);
  });

  it('has no empty or padded names', () => {
    for (const entry of allEntries()) {
      expect(entry.name.trim(), entry.key).not.toBe('');
      expect(entry.name, entry.key).toBe(entry.name.trim());
    }
  });

  it('keeps names unique among siblings', () => {
    for (const group of siblingGroups()) {
      const lowered = group.names.map((name) => name.toLowerCase());
      const duplicates = lowered.filter((name, index) => lowered.indexOf(name) !== index);
      expect(duplicates, group.parent).toEqual([]);
    }
  });

  it('keeps the keys documented as examples (keys are never renamed)', () => {
    const keys = new Set(allEntries().map((entry) => entry.key));
    for (const key of [
      'fiction',
      'fiction/fantasy',
      'fiction/fantasy/epic-fantasy',
      'fiction/fantasy/epic-fantasy/sword-and-sorcery',
      'fiction/science-fiction/space-opera/military-space-opera',
      'nonfiction/history/european-history/british-and-irish-history/tudor-and-stuart-britain',
      'childrens/picture-books/concept-books/counting-books',
      'academic-and-textbooks/law/contract-law',
    ]) {
      expect(keys.has(key), key).toBe(true);
    }
  });
});
