// CreateAuthor, UpdateAuthor and DeleteAuthor on hand-written fakes: what is stored, and what is refused.
import { describe, expect, it } from 'vitest';
import { CreateAuthor } from '../../../../src/application/catalog/create-author.js';
import { DeleteAuthor } from '../../../../src/application/catalog/delete-author.js';
import { UpdateAuthor } from '../../../../src/application/catalog/update-author.js';
import { AuthorInUseError, AuthorNotFoundError } from '../../../../src/domain/catalog/errors.js';
import { FakeClock } from '../../../support/fakes/fake-clock.js';
import { FakeUnitOfWork } from '../../../support/fakes/fake-unit-of-work.js';
import { InMemoryAuthorRepository } from '../../../support/fakes/in-memory-author-repository.js';
import { anAuthor, authorFields } from '../../../support/mothers/catalog.js';

const CREATED = new Date('2026-01-15T10:00:00Z');

function world() {
  const clock = new FakeClock();
  const authors = new InMemoryAuthorRepository().add(anAuthor({ id: 1, name: 'Franz Kafka', at: CREATED }));
  const uow = new FakeUnitOfWork();
  return {
    create: new CreateAuthor(authors, uow, clock),
    update: new UpdateAuthor(authors, uow, clock),
    remove: new DeleteAuthor(authors, uow),
    authors,
    clock,
    uow,
  };
}

describe('CreateAuthor', () => {
  it('stores a user-created author with a trimmed name, distinct aliases and a folded search text', async () => {
    const { create, authors, clock } = world();
    const author = await create.execute(authorFields({ name: ' Stanisław Lem ', aliases: ['Stanislaw Lem', 'Stanisław Lem', 'Stanislaw Lem', ' '] }));
    expect(author.id).toBe(2);
    expect(authors.stored(2)).toMatchObject({
      name: 'Stanisław Lem',
      aliases: ['Stanislaw Lem'],
      isUserCreated: true,
      // Name and aliases folded, joined by a separator no query can match.
      nameSearch: 'stanislaw lem\u0001stanislaw lem',
      createdAt: clock.now(),
    });
  });

  it('refuses an empty name with validation_failed and stores nothing', async () => {
    const { create, authors } = world();
    await expect(create.execute(authorFields({ name: '   ' }))).rejects.toMatchObject({ code: 'validation_failed', details: [{ field: 'author_name' }] });
    expect(authors.all).toHaveLength(1);
  });
});

describe('UpdateAuthor', () => {
  it('replaces name and aliases, keeps the creation time', async () => {
    const { update, authors, clock } = world();
    clock.advance(60_000);
    await update.execute(1, authorFields({ name: 'Franz Kafka', aliases: ['F. Kafka'] }));
    expect(authors.stored(1)).toMatchObject({ name: 'Franz Kafka', aliases: ['F. Kafka'], createdAt: CREATED, updatedAt: clock.now() });
  });

  it('refuses an unknown author with not_found', async () => {
    const { update } = world();
    const refused = update.execute(99, authorFields());
    await expect(refused).rejects.toBeInstanceOf(AuthorNotFoundError);
    await expect(refused).rejects.toMatchObject({ code: 'not_found' });
  });

  it('keeps the stored author when the new fields are invalid', async () => {
    const { update, authors } = world();
    await expect(update.execute(1, authorFields({ name: '' }))).rejects.toMatchObject({ code: 'validation_failed' });
    expect(authors.stored(1)?.name).toBe('Franz Kafka');
  });
});

describe('DeleteAuthor', () => {
  it('deletes the author', async () => {
    const { remove, authors } = world();
    await remove.execute(1);
    expect(authors.all).toEqual([]);
  });

  it('refuses an unknown author with not_found', async () => {
    const { remove } = world();
    await expect(remove.execute(99)).rejects.toBeInstanceOf(AuthorNotFoundError);
  });

  it('passes on the conflict for an author a book references, and keeps the author', async () => {
    const { remove, authors } = world();
    authors.markInUse(1);
    const refused = remove.execute(1);
    await expect(refused).rejects.toBeInstanceOf(AuthorInUseError);
    await expect(refused).rejects.toMatchObject({ code: 'conflict' });
    expect(authors.stored(1)).toBeDefined();
  });
});
