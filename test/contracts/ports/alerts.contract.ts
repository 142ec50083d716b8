// What the alert use cases rely on from an AlertRepository: one user never sees or marks another's alerts, alerts are
// read newest first in keyset pages (a read/unread filter applied before the page is cut), an alert shows the store
// page of the latest quote in its currency, and "mark all read" marks only unread alerts up to the one given.
import { describe, expect, it } from 'vitest';
import type { AlertRepository } from '../../../src/application/alerts/ports/alert-repository.js';
import type { AlertKind } from '../../../src/domain/alerts/alert.js';
import { Money } from '../../../src/domain/shared/money.js';
import { expectKeysetPages, readAll } from './keyset-pages.js';

export interface RaisedAlert {
  kind?: AlertKind;
  price?: Money;
  previousPrice?: Money | null;
  isRead?: boolean;
  /** The store's latest quote of the edition in the alert's currency links here; without it, no quote in that currency does. */
  storePage?: string;
}

export interface AlertWorld {
  alerts: AlertRepository;
  aUser(): Promise<number>;
  /** An alert raised for the user on a wish of theirs (a book, an edition of it, a store); its ids. */
  anAlert(userId: number, alert?: RaisedAlert): Promise<{ id: number; wishId: number; bookId: number; editionId: number; storeId: number }>;
}

const eur = (amount: string) => Money.parse(amount, 'EUR');
const idOf = (alert: { id: number }) => alert.id;

export function describeAlertRepositoryContract(name: string, makeSubject: () => Promise<AlertWorld>): void {
  describe(`AlertRepository contract: ${name}`, () => {
    it('reads an alert back as raised, with the store page of its latest quote in its currency', async () => {
      const w = await makeSubject();
      const user = await w.aUser();
      const drop: RaisedAlert = { kind: 'price_drop', price: eur('17.50'), previousPrice: eur('18.90'), storePage: 'https://store.example/drop' };
      const yen: RaisedAlert = { kind: 'back_in_stock', price: Money.parse('1500', 'JPY'), previousPrice: null, isRead: true };
      const dropIds = await w.anAlert(user, drop);
      const yenIds = await w.anAlert(user, yen);
      const { storePage: _page, ...dropFields } = drop;
      expect(await readAll((r) => w.alerts.page(user, {}, r))).toEqual([
        { ...yenIds, ...yen, url: null, createdAt: expect.any(Date) },
        { ...dropIds, ...dropFields, url: 'https://store.example/drop', isRead: false, createdAt: expect.any(Date) },
      ]);
    });

    it("never shows or marks another user's alert: it is simply not found", async () => {
      const w = await makeSubject();
      const [owner, stranger] = [await w.aUser(), await w.aUser()];
      const alert = await w.anAlert(owner);
      expect(await readAll((r) => w.alerts.page(stranger, {}, r))).toEqual([]);
      expect(await readAll((r) => w.alerts.page(stranger, { isRead: false }, r))).toEqual([]);
      expect(await w.alerts.markRead(stranger, alert.id, true)).toBe(false);
      expect(await w.alerts.markAllRead(stranger)).toBe(0);
      expect(await w.alerts.markAllRead(stranger, alert.id)).toBe(0);
      expect((await readAll((r) => w.alerts.page(owner, {}, r))).map((a) => [a.id, a.isRead])).toEqual([[alert.id, false]]);
    });

    it("pages a user's alerts newest first, without gaps or repeats", async () => {
      const w = await makeSubject();
      const [user, other] = [await w.aUser(), await w.aUser()];
      const ids: number[] = [];
      for (let i = 0; i < 5; i++) {
        ids.push((await w.anAlert(user, { isRead: i === 2 })).id);
        await w.anAlert(other);
      }
      const newestFirst = [...ids].sort((a, b) => b - a);
      expect(newestFirst).toEqual([...ids].reverse());
      await expectKeysetPages((r) => w.alerts.page(user, {}, r), idOf, newestFirst);
      await expectKeysetPages((r) => w.alerts.page(user, {}, r), idOf, newestFirst, 3);
    });

    it('filters on read or unread before cutting the page', async () => {
      const w = await makeSubject();
      const user = await w.aUser();
      const raised = [];
      for (let i = 0; i < 6; i++) raised.push({ id: (await w.anAlert(user, { isRead: i % 3 === 0 })).id, isRead: i % 3 === 0 });
      const newestFirst = [...raised].reverse();
      await expectKeysetPages((r) => w.alerts.page(user, { isRead: false }, r), idOf, newestFirst.filter((a) => !a.isRead).map(idOf), 1);
      await expectKeysetPages((r) => w.alerts.page(user, { isRead: true }, r), idOf, newestFirst.filter((a) => a.isRead).map(idOf), 1);
    });

    it('marks one alert read and unread again; an alert it does not know is false', async () => {
      const w = await makeSubject();
      const user = await w.aUser();
      const [a, b] = [await w.anAlert(user), await w.anAlert(user)];
      const readState = async () => (await readAll((r) => w.alerts.page(user, {}, r))).map((x) => [x.id, x.isRead]);
      expect(await w.alerts.markRead(user, a.id, true)).toBe(true);
      expect(await readState()).toEqual([[b.id, false], [a.id, true]]);
      expect(await w.alerts.markRead(user, a.id, true)).toBe(true);
      expect(await w.alerts.markRead(user, a.id, false)).toBe(true);
      expect(await readState()).toEqual([[b.id, false], [a.id, false]]);
      expect(await w.alerts.markRead(user, Math.max(a.id, b.id) + 1000, true)).toBe(false);
    });

    it('marks every unread alert read, or those up to the one given, and counts what it marked', async () => {
      const w = await makeSubject();
      const user = await w.aUser();
      const [a, b, c, d] = [await w.anAlert(user), await w.anAlert(user, { isRead: true }), await w.anAlert(user), await w.anAlert(user)];
      const unread = async () => (await readAll((r) => w.alerts.page(user, { isRead: false }, r))).map(idOf);
      expect(await w.alerts.markAllRead(user, c.id)).toBe(2);
      expect(await unread()).toEqual([d.id]);
      expect(await w.alerts.markAllRead(user, b.id)).toBe(0);
      expect(await w.alerts.markAllRead(user)).toBe(1);
      expect(await unread()).toEqual([]);
      expect(await w.alerts.markAllRead(user)).toBe(0);
      expect((await readAll((r) => w.alerts.page(user, { isRead: true }, r))).map(idOf)).toEqual([d.id, c.id, b.id, a.id]);
    });
  });
}
