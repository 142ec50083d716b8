import { describeAuthorRepositoryContract } from '../../contracts/ports/authors.contract.js';
import { FakeUnitOfWork } from '../../support/fakes/fake-unit-of-work.js';
import { InMemoryAuthorRepository } from '../../support/fakes/in-memory-author-repository.js';

describeAuthorRepositoryContract('in memory', async () => {
  const authors = new InMemoryAuthorRepository();
  const unitOfWork = new FakeUnitOfWork();
  return {
    authors,
    aBookBy: async (authorId) => void authors.markInUse(authorId),
    transaction: (work) => unitOfWork.transaction(work),
  };
});
