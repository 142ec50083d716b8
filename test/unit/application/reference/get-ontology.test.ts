// GetOntology on hand-written fakes: trees by filter, unknown filters refused, built trees kept per filter.
import { describe, expect, it } from 'vitest';
import { GetOntology } from '../../../../src/application/reference/get-ontology.js';
import { FakeCatalogReferences } from '../../../support/fakes/fake-catalog-references.js';
import { InMemoryReferenceCatalog } from '../../../support/fakes/in-memory-reference-catalog.js';
import { aGenre, anOntologyNode } from '../../../support/mothers/reference.js';

const FICTION = 1;
const NONFICTION = 2;
const NOVELLA = 7;
const ESSAY = 8;

function world() {
  const reference = new InMemoryReferenceCatalog()
    .withGenres(aGenre({ id: NOVELLA, typeId: FICTION }), aGenre({ id: ESSAY, typeId: NONFICTION }))
    .withOntology(
      anOntologyNode({ id: 1, name: 'Classics', typeId: FICTION, genreId: NOVELLA }),
      anOntologyNode({ id: 2, parentId: 1, name: 'German classics', typeId: FICTION, genreId: NOVELLA }),
      anOntologyNode({ id: 3, parentId: 2, name: 'Prague circle', typeId: FICTION, genreId: NOVELLA }),
      anOntologyNode({ id: 4, name: 'Essays', typeId: NONFICTION, genreId: ESSAY }),
    );
  const references = new FakeCatalogReferences().withTypes(FICTION, NONFICTION);
  return { use: new GetOntology(reference, references), reference };
}

describe('GetOntology', () => {
  it('assembles the flat nodes into trees, children under their parents', async () => {
    const { use } = world();
    expect(await use.execute({})).toEqual([
      {
        id: 1,
        name: 'Classics',
        typeId: FICTION,
        genreId: NOVELLA,
        children: [{ id: 2, name: 'German classics', typeId: FICTION, genreId: NOVELLA, children: [{ id: 3, name: 'Prague circle', typeId: FICTION, genreId: NOVELLA, children: [] }] }],
      },
      { id: 4, name: 'Essays', typeId: NONFICTION, genreId: ESSAY, children: [] },
    ]);
  });

  it('narrows to a type or a genre', async () => {
    const { use } = world();
    expect((await use.execute({ typeId: NONFICTION })).map((n) => n.id)).toEqual([4]);
    expect((await use.execute({ genreId: NOVELLA })).map((n) => n.id)).toEqual([1]);
  });

  it('refuses an unknown type or genre as a bad query, naming the field', async () => {
    const { use } = world();
    await expect(use.execute({ typeId: 99 })).rejects.toMatchObject({ code: 'validation_failed', details: [{ field: 'type_id', message: 'no type 99' }] });
    await expect(use.execute({ genreId: 99 })).rejects.toMatchObject({ code: 'validation_failed', details: [{ field: 'genre_id', message: 'no genre 99' }] });
  });

  it('builds each filter’s tree once and answers later calls from what it built', async () => {
    const { use, reference } = world();
    const first = await use.execute({ typeId: FICTION });
    expect(await use.execute({ typeId: FICTION })).toEqual(first);
    expect(reference.ontologyReads).toBe(1);
    await use.execute({ genreId: NOVELLA });
    await use.execute({});
    expect(reference.ontologyReads).toBe(3);
  });

  it('does not remember a refused filter: it is checked again', async () => {
    const { use, reference } = world();
    await expect(use.execute({ genreId: 99 })).rejects.toMatchObject({ code: 'validation_failed' });
    reference.withGenres(aGenre({ id: 99, typeId: FICTION }));
    await expect(use.execute({ genreId: 99 })).resolves.toEqual([]);
  });
});
