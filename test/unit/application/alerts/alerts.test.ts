// ListAlerts and MarkAlertRead on hand-written fakes: a user sees and marks only their own alerts.
import { describe, expect, it } from 'vitest';
import { ListAlerts } from '../../../../src/application/alerts/list-alerts.js';
import { MarkAlertRead } from '../../../../src/application/alerts/mark-alert-read.js';
import { MarkAllAlertsRead } from '../../../../src/application/alerts/mark-all-alerts-read.js';
import { AlertNotFoundError } from '../../../../src/domain/alerts/alert.js';
import { InMemoryAlertRepository } from '../../../support/fakes/in-memory-alert-repository.js';
import { anAlert } from '../../../support/mothers/alerts.js';
import { firstPage, pageAfter } from '../../../support/mothers/page.js';

const READER = 5;
const OTHER_READER = 6;

function alerts() {
  return new InMemoryAlertRepository()
    .add(READER, anAlert({ id: 1 }), anAlert({ id: 2, isRead: true }), anAlert({ id: 4, kind: 'back_in_stock' }))
    .add(OTHER_READER, anAlert({ id: 3 }));
}

describe('ListAlerts', () => {
  it("pages the user's alerts, newest first", async () => {
    const use = new ListAlerts(alerts());
    const first = await use.execute(READER, {}, firstPage(2));
    expect(first.items.map((a) => a.id)).toEqual([4, 2]);
    expect(first.hasMore).toBe(true);
    expect(await use.execute(READER, {}, pageAfter(2, 2))).toMatchObject({ items: [{ id: 1 }], hasMore: false });
  });

  it('filters on read or unread', async () => {
    const use = new ListAlerts(alerts());
    expect((await use.execute(READER, { isRead: false }, firstPage())).items.map((a) => a.id)).toEqual([4, 1]);
    expect((await use.execute(READER, { isRead: true }, firstPage())).items.map((a) => a.id)).toEqual([2]);
  });
});

describe('MarkAlertRead', () => {
  it('marks the alert read, and unread again', async () => {
    const repository = alerts();
    const use = new MarkAlertRead(repository);
    await use.execute(READER, 1, true);
    expect(repository.stored(1)?.isRead).toBe(true);
    await use.execute(READER, 1, false);
    expect(repository.stored(1)?.isRead).toBe(false);
  });

  it("answers not_found for another user's alert and leaves it unread", async () => {
    const repository = alerts();
    const refused = new MarkAlertRead(repository).execute(READER, 3, true);
    await expect(refused).rejects.toBeInstanceOf(AlertNotFoundError);
    await expect(refused).rejects.toMatchObject({ code: 'not_found', message: 'Alert 3 does not exist' });
    expect(repository.stored(3)?.isRead).toBe(false);
  });
});

describe('MarkAllAlertsRead', () => {
  it("marks every unread alert of the user read, and only the user's", async () => {
    const repository = alerts();
    expect(await new MarkAllAlertsRead(repository).execute(READER)).toBe(2);
    expect([1, 2, 4].map((id) => repository.stored(id)?.isRead)).toEqual([true, true, true]);
    expect(repository.stored(3)?.isRead).toBe(false);
    expect(await new MarkAllAlertsRead(repository).execute(READER)).toBe(0);
  });

  it('leaves the alerts that came after the one given unread', async () => {
    const repository = alerts();
    expect(await new MarkAllAlertsRead(repository).execute(READER, 2)).toBe(1);
    expect(repository.stored(1)?.isRead).toBe(true);
    expect(repository.stored(4)?.isRead).toBe(false);
  });
});
