import { describeAlertRepositoryContract } from '../../contracts/ports/alerts.contract.js';
import { InMemoryAlertRepository } from '../../support/fakes/in-memory-alert-repository.js';
import { anAlert } from '../../support/mothers/alerts.js';

describeAlertRepositoryContract('in memory', async () => {
  const alerts = new InMemoryAlertRepository();
  let users = 0;
  let ids = 0;
  return {
    alerts,
    aUser: async () => ++users,
    async anAlert(userId, raised = {}) {
      const n = ++ids;
      const on = { id: n, wishId: 100 + n, bookId: 200 + n, editionId: 300 + n, storeId: 400 + n };
      const { storePage, ...fields } = raised;
      alerts.add(userId, anAlert({ ...on, ...fields, url: storePage ?? null }));
      return on;
    },
  };
});
