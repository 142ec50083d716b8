// User alerts: prices driven through the demonstration stores and the on-demand fetch;
// alerts read through GET /api/alerts; e-mails caught by a real local SMTP server; alert_sent / alert_failed events.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STORE_SLUGS, type DemoAvailability, type DemoStoreServer, type DemoStoreSlug, startDemoStoreServer } from '../../../src/adapters/demo/stores/index.js';
import { freePort } from '../../support/database-for-tests.js';
import { addEdition, bookWithEdition, languageIdOf, type LogRow, logsSince, storeIdByKey } from '../../support/pricing-integration-helpers.js';
import { demoStoresAnswer } from '../../support/demo-answers.js';
import { type SmtpTestServer, startSmtpTestServer } from '../../support/smtp-test-server.js';
import { eventually, startTestService, type TestService } from '../../support/test-service.js';

const MAIL_FROM = 'Shelfwatch Alerts <alerts@shelfwatch.test>';

let demo: DemoStoreServer;
let smtp: SmtpTestServer;
let t: TestService;
const stores: Partial<Record<DemoStoreSlug, number>> = {};

function testEnv(smtpUrl: string): Record<string, string> {
  return {
    DEMO_STORE_URL: demo.url,
    FETCH_COOLDOWN: '0',
    STORE_MIN_INTERVAL_MS: '0',
    FETCH_RETRIES: '0',
    FETCH_TIMEOUT_MS: '5000',
    LOG_FLUSH_MS: '50',
    SMTP_URL: smtpUrl,
    MAIL_FROM,
  };
}

beforeAll(async () => {
  demo = await startDemoStoreServer({ port: 0 });
  smtp = await startSmtpTestServer();
  t = await startTestService(testEnv(smtp.url));
  for (const slug of DEMO_STORE_SLUGS) stores[slug] = await storeIdByKey(t, `demo-${slug}`);
});
afterAll(async () => {
  await t?.stop();
  await smtp?.close();
  await demo?.close();
});

const storeId = (slug: DemoStoreSlug): number => stores[slug]!;

// ---------------------------------------------------------------------------------------------------------------
// Arrangements

interface User {
  subject: string;
  token: string;
  userId: number;
  email: string | null;
}

interface Preferences {
  country?: string | null;
  currency?: string;
  formats?: string[];
  alert_email?: boolean;
}

/** A user seen by the service (with an `email` claim when given), with preferences and readable languages. */
async function user(
  service: TestService,
  subject: string,
  options: { email?: string; preferences?: Preferences; languages?: string[] } = {},
): Promise<User> {
  const token = service.token(subject, options.email ? { email: options.email } : {});
  if (options.preferences) {
    const res = await service.call('PUT', '/api/user/preferences', { token, body: options.preferences });
    expect(res.status, res.text).toBe(200);
  } else {
    expect((await service.call('GET', '/api/user/preferences', { token })).status).toBe(200);
  }
  for (const code of options.languages ?? []) {
    const res = await service.call('POST', '/api/user/preferences/languages', { token, body: { language_id: await languageIdOf(service, code) } });
    expect(res.status, res.text).toBe(201);
  }
  const [row] = await service.db.sql<{ user_id: string; email: string | null }>('select user_id, email from app_user where subject = $1', [subject]);
  expect(row, `user ${subject}`).toBeDefined();
  expect(row!.email).toBe(options.email ?? null);
  return { subject, token, userId: Number(row!.user_id), email: options.email ?? null };
}

async function wish(
  service: TestService,
  who: User,
  bookId: number,
  options: { maxPrice?: { amount: string; currency: string }; monitored?: boolean } = {},
): Promise<number> {
  const body: Record<string, unknown> = { book_id: bookId };
  if (options.maxPrice) body.max_price = options.maxPrice;
  if (options.monitored !== undefined) body.is_monitored = options.monitored;
  const res = await service.call('POST', '/api/wishes', { token: who.token, body });
  expect(res.status, res.text).toBe(201);
  return res.body.wish_id;
}

/** What every demonstration store answers for `isbn`: the given offers, `not_found` everywhere else. */
const storesAnswer = (isbn: string, offers: Parameters<typeof demoStoresAnswer>[2]): void => demoStoresAnswer(demo, isbn, offers);

/** The on-demand fetch: every store that answered with a price gives one new quote. */
async function fetchPrices(service: TestService, editionId: number, expectedQuotes: number): Promise<any[]> {
  const res = await service.call('POST', `/api/editions/${editionId}/prices`);
  expect(res.status, res.text).toBe(201);
  expect(res.body.data, JSON.stringify(res.body)).toHaveLength(expectedQuotes);
  return res.body.data;
}

interface AlertJson {
  alert_id: number;
  wish_id: number;
  book_id: number;
  edition_id: number;
  store_id: number;
  alert_kind: string;
  amount: string;
  currency: string;
  previous_amount: string | null;
  is_read: boolean;
  created_at: string;
}

async function alertsOf(service: TestService, who: User, wishId?: number): Promise<AlertJson[]> {
  const res = await service.call('GET', '/api/alerts?per_page=100', { token: who.token });
  expect(res.status, res.text).toBe(200);
  expect(res.body._links.next, 'more than one page of alerts').toBeUndefined();
  const all: AlertJson[] = res.body.data;
  return wishId === undefined ? all : all.filter((a) => a.wish_id === wishId);
}

/** Tracks a user's alerts of one wish, step by step: `next()` returns the alerts created since the last call. */
function alertTracker(service: TestService, who: User, wishId: number) {
  const seen = new Set<number>();
  return {
    async next(): Promise<Array<Pick<AlertJson, 'alert_kind' | 'amount' | 'previous_amount' | 'store_id' | 'edition_id' | 'currency'>>> {
      const fresh = (await alertsOf(service, who, wishId)).filter((a) => !seen.has(a.alert_id));
      for (const a of fresh) seen.add(a.alert_id);
      return fresh
        .map(({ alert_kind, amount, previous_amount, store_id, edition_id, currency }) => ({ alert_kind, amount, previous_amount, store_id, edition_id, currency }))
        .sort((a, b) => a.alert_kind.localeCompare(b.alert_kind) || a.store_id - b.store_id || a.edition_id - b.edition_id);
    },
  };
}

const kinds = (alerts: Array<{ alert_kind: string }>): string[] => alerts.map((a) => a.alert_kind).sort();

async function alertLogs(service: TestService, userId: number): Promise<LogRow[]> {
  return (await logsSince(service, 'alert')).filter((e) => Number(e.log_detail.user_id) === userId);
}

// ---------------------------------------------------------------------------------------------------------------

describe('alerts from new quotes', () => {
  let reader: User;

  beforeAll(async () => {
    // Buys in Germany in euros, reads paper in English: its stores are Paperback Palace and Ebook Emporium
    // (international, EUR; the Emporium sells paperbacks too) and Buchhandlung (DE, EUR); not the Corner Bookshop (GB, GBP).
    reader = await user(t, 'reader', {
      email: 'reader@example.test',
      preferences: { country: 'DE', currency: 'EUR', formats: ['paperback', 'hardcover'], alert_email: true },
      languages: ['en'],
    });
    const mine = await t.call('GET', '/api/user/stores?per_page=100', { token: reader.token });
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((s: { store_id: number }) => s.store_id).sort()).toEqual(
      [storeId('paperback-palace'), storeId('ebook-emporium'), storeId('buchhandlung')].sort(),
    );
  });

  it('raises each kind when it applies, once per wish × edition × store × kind while the price is unchanged', async () => {
    const book = await bookWithEdition(t, 'The Alerting Adventure');
    const wishId = await wish(t, reader, book.bookId, { maxPrice: { amount: '15.00', currency: 'EUR' } });
    const palace = storeId('paperback-palace');
    const step = alertTracker(t, reader, wishId);
    const at = (amount: string, availability?: DemoAvailability) => storesAnswer(book.isbn, { 'paperback-palace': [amount, availability] });
    const alert = (alert_kind: string, amount: string, previous_amount: unknown) => ({
      alert_kind, amount, previous_amount, store_id: palace, edition_id: book.editionId, currency: 'EUR',
    });

    // 16.00: over the maximum, and nothing earlier to compare with.
    at('16.00');
    await fetchPrices(t, book.editionId, 1);
    expect(await step.next()).toEqual([]);
    at('16.00');
    await fetchPrices(t, book.editionId, 1);
    expect(await step.next()).toEqual([]);

    // 14.00: under the maximum, cheaper than the previous quote, cheaper than every earlier quote.
    at('14.00');
    await fetchPrices(t, book.editionId, 1);
    expect(await step.next()).toEqual([
      alert('below_max_price', '14.00', expect.toBeOneOf([null, '16.00'])),
      alert('new_lowest', '14.00', '16.00'),
      alert('price_drop', '14.00', '16.00'),
    ]);

    // Unchanged: nothing new.
    at('14.00');
    await fetchPrices(t, book.editionId, 1);
    expect(await step.next()).toEqual([]);

    // Out of stock at the same price: nothing (an unavailable offer is not a buying chance).
    at('14.00', 'out_of_stock');
    const [oos] = await fetchPrices(t, book.editionId, 1);
    expect(oos.availability).toBe('out_of_stock');
    expect(await step.next()).toEqual([]);

    // Back in stock at the same price: back_in_stock only (the other kinds already alerted at 14.00).
    at('14.00');
    await fetchPrices(t, book.editionId, 1);
    expect(await step.next()).toEqual([alert('back_in_stock', '14.00', expect.toBeOneOf([null, '14.00']))]);

    // Up to exactly the maximum: below_max_price again (the price changed; "at or under").
    at('15.00');
    await fetchPrices(t, book.editionId, 1);
    expect(await step.next()).toEqual([alert('below_max_price', '15.00', expect.toBeOneOf([null, '14.00']))]);
    at('15.00');
    await fetchPrices(t, book.editionId, 1);
    expect(await step.next()).toEqual([]);

    // 13.50: all three price kinds again; new_lowest compares with the lowest so far (14.00), price_drop with 15.00.
    at('13.50');
    await fetchPrices(t, book.editionId, 1);
    expect(await step.next()).toEqual([
      alert('below_max_price', '13.50', expect.toBeOneOf([null, '15.00'])),
      alert('new_lowest', '13.50', '14.00'),
      alert('price_drop', '13.50', '15.00'),
    ]);

    const all = await alertsOf(t, reader, wishId);
    expect(all).toHaveLength(8);
    for (const a of all) {
      expect(a).toMatchObject({ wish_id: wishId, book_id: book.bookId, edition_id: book.editionId, store_id: palace, currency: 'EUR', is_read: false });
    }
    // Newest first.
    const ids = all.map((a) => a.alert_id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    // One e-mail per new quote that raised alerts (not one per alert), to the address of the token's email claim,
    // from MAIL_FROM, naming the title and the price: 14.00 (three kinds), back in stock, 15.00, 13.50 (three kinds).
    const mails = await eventually(async () => {
      const found = smtp.messages.filter((m) => m.subject.includes(book.title));
      expect(found).toHaveLength(4);
      return found;
    });
    for (const m of mails) {
      expect(m.envelopeTo).toEqual(['reader@example.test']);
      expect(m.headers.to).toContain('reader@example.test');
      expect(m.envelopeFrom).toBe('alerts@shelfwatch.test');
      expect(m.headers.from).toContain('alerts@shelfwatch.test');
    }
    const subjects = mails.map((m) => m.subject);
    for (const a of all) {
      expect(subjects.some((s) => s.includes(book.title) && s.includes(a.amount)), `an e-mail for ${a.alert_kind} at ${a.amount}: ${subjects.join(' | ')}`).toBe(true);
    }
    expect(subjects.filter((s) => s.includes('13.50'))).toHaveLength(1);
    expect(subjects.filter((s) => s.includes('14.00'))).toHaveLength(2);
    expect(subjects.filter((s) => s.includes('15.00'))).toHaveLength(1);

    // alert_sent once per in-app alert and once per e-mail, with user_id, book_id and the threshold (the wish's maximum).
    const events = await eventually(async () => {
      const sent = (await alertLogs(t, reader.userId)).filter((e) => e.log_event === 'alert_sent' && Number(e.log_detail.book_id) === book.bookId);
      expect(sent).toHaveLength(all.length + mails.length);
      return sent;
    });
    const inApp = events.filter((e) => e.log_detail.channel === 'in_app');
    const email = events.filter((e) => e.log_detail.channel === 'email');
    expect(inApp).toHaveLength(all.length);
    expect(email).toHaveLength(mails.length);
    for (const e of events) {
      expect(e.log_detail).toMatchObject({ user_id: reader.userId, book_id: book.bookId });
      expect(e.log_detail).toHaveProperty('threshold');
    }
    for (const channel of [inApp, email]) {
      expect(channel.filter((e) => e.log_detail.threshold === '15.00')).toHaveLength(3); // the three below_max_price alerts
    }
    expect((await alertLogs(t, reader.userId)).filter((e) => e.log_event === 'alert_failed')).toEqual([]);
  });

  it('raises a kind again when the price changed in between, even back to an amount it already alerted at', async () => {
    const book = await bookWithEdition(t, 'The Returning Bargain');
    const wishId = await wish(t, reader, book.bookId, { maxPrice: { amount: '15.00', currency: 'EUR' } });
    const step = alertTracker(t, reader, wishId);
    const at = (amount: string) => storesAnswer(book.isbn, { 'paperback-palace': [amount] });

    at('16.00');
    await fetchPrices(t, book.editionId, 1);
    at('14.00');
    await fetchPrices(t, book.editionId, 1);
    expect(kinds(await step.next())).toEqual(['below_max_price', 'new_lowest', 'price_drop']);
    // The price goes back over the maximum: no alert...
    at('16.00');
    await fetchPrices(t, book.editionId, 1);
    expect(await step.next()).toEqual([]);
    // ...and drops under it again: the price changed since the last alerts, so the user hears about it again
    // (it is under the maximum again, and it dropped from 16.00); not the lowest ever (14.00 was seen before).
    at('14.00');
    await fetchPrices(t, book.editionId, 1);
    const again = await step.next();
    expect(kinds(again), JSON.stringify(again)).toEqual(['below_max_price', 'price_drop']);
    expect(again.find((a) => a.alert_kind === 'price_drop')).toMatchObject({ amount: '14.00', previous_amount: '16.00' });
    // Unchanged from here on: nothing.
    at('14.00');
    await fetchPrices(t, book.editionId, 1);
    expect(await step.next()).toEqual([]);
  });

  it('raises nothing for a wish that is not monitored (until it is)', async () => {
    const book = await bookWithEdition(t, 'The Unwatched Volume');
    const control = await user(t, 'control-unmonitored'); // default preferences: international EUR stores, every format
    const readerWish = await wish(t, reader, book.bookId, { maxPrice: { amount: '20.00', currency: 'EUR' }, monitored: false });
    const controlWish = await wish(t, control, book.bookId, { maxPrice: { amount: '20.00', currency: 'EUR' } });

    storesAnswer(book.isbn, { 'paperback-palace': ['10.00'], buchhandlung: ['11.00'] });
    await fetchPrices(t, book.editionId, 2);
    storesAnswer(book.isbn, { 'paperback-palace': ['9.00'], buchhandlung: ['8.00'] });
    await fetchPrices(t, book.editionId, 2);
    expect(await alertsOf(t, reader, readerWish)).toEqual([]);
    // The same quotes did alert a monitored wish.
    expect(kinds(await alertsOf(t, control, controlWish))).toEqual(['below_max_price', 'below_max_price', 'new_lowest', 'price_drop']);

    expect((await t.call('PATCH', `/api/wishes/${readerWish}`, { token: reader.token, body: { is_monitored: true } })).status).toBe(204);
    storesAnswer(book.isbn, { 'paperback-palace': ['8.50'], buchhandlung: ['8.00'] });
    await fetchPrices(t, book.editionId, 2);
    const now = await alertsOf(t, reader, readerWish);
    expect(now.map((a) => [a.alert_kind, a.store_id, a.amount]).sort()).toEqual(
      [
        ['below_max_price', storeId('buchhandlung'), '8.00'],
        ['below_max_price', storeId('paperback-palace'), '8.50'],
        ['price_drop', storeId('paperback-palace'), '8.50'],
      ].sort(),
    );
  });

  it("raises nothing at a store outside the user's country or currency", async () => {
    const book = await bookWithEdition(t, 'Borders and Currencies');
    const frank = await user(t, 'frank', { preferences: { country: 'FR', currency: 'EUR', formats: ['paperback', 'hardcover'] } });
    const gina = await user(t, 'gina', { preferences: { country: 'GB', currency: 'EUR', formats: ['paperback', 'hardcover'] } });
    const ian = await user(t, 'ian', { preferences: { country: 'GB', currency: 'GBP', formats: ['paperback', 'hardcover'] } });
    const hank = await user(t, 'hank', { preferences: { country: 'DE', currency: 'EUR', formats: ['paperback', 'hardcover'] } });
    const wishes = {
      reader: await wish(t, reader, book.bookId, { maxPrice: { amount: '20.00', currency: 'EUR' } }),
      frank: await wish(t, frank, book.bookId, { maxPrice: { amount: '20.00', currency: 'EUR' } }),
      gina: await wish(t, gina, book.bookId, { maxPrice: { amount: '20.00', currency: 'GBP' } }),
      ian: await wish(t, ian, book.bookId, { maxPrice: { amount: '20.00', currency: 'GBP' } }),
      // The maximum is in another currency than the quotes: below_max_price never applies.
      hank: await wish(t, hank, book.bookId, { maxPrice: { amount: '50.00', currency: 'GBP' } }),
    };
    const buch = storeId('buchhandlung');
    const corner = storeId('corner-bookshop');
    const summary = async (who: User, wishId: number) =>
      (await alertsOf(t, who, wishId)).map((a) => `${a.alert_kind}@${a.store_id}:${a.amount} ${a.currency}`).sort();

    storesAnswer(book.isbn, { buchhandlung: ['10.00'], 'corner-bookshop': ['8.00'] });
    await fetchPrices(t, book.editionId, 2);
    expect(await summary(reader, wishes.reader)).toEqual([`below_max_price@${buch}:10.00 EUR`]);
    expect(await summary(ian, wishes.ian)).toEqual([`below_max_price@${corner}:8.00 GBP`]);
    expect(await summary(frank, wishes.frank)).toEqual([]); // Buchhandlung is in DE; the Corner Bookshop in GB and GBP
    expect(await summary(gina, wishes.gina)).toEqual([]); // the Corner Bookshop is in GB but sells in GBP, not EUR
    expect(await summary(hank, wishes.hank)).toEqual([]);

    storesAnswer(book.isbn, { buchhandlung: ['9.00'], 'corner-bookshop': ['7.00'] });
    await fetchPrices(t, book.editionId, 2);
    expect(await summary(reader, wishes.reader)).toEqual(
      [`below_max_price@${buch}:10.00 EUR`, `below_max_price@${buch}:9.00 EUR`, `new_lowest@${buch}:9.00 EUR`, `price_drop@${buch}:9.00 EUR`].sort(),
    );
    expect(await summary(ian, wishes.ian)).toEqual(
      [`below_max_price@${corner}:8.00 GBP`, `below_max_price@${corner}:7.00 GBP`, `new_lowest@${corner}:7.00 GBP`, `price_drop@${corner}:7.00 GBP`].sort(),
    );
    expect(await summary(frank, wishes.frank)).toEqual([]);
    expect(await summary(gina, wishes.gina)).toEqual([]);
    expect(await summary(hank, wishes.hank)).toEqual([`new_lowest@${buch}:9.00 EUR`, `price_drop@${buch}:9.00 EUR`].sort());
  });

  it("raises nothing for an edition whose format is not among the user's formats", async () => {
    const book = await bookWithEdition(t, 'Paper or Pixels', { format: 'ebook' });
    const paper = await addEdition(t, book.bookId, { format: 'hardcover' });
    const erin = await user(t, 'erin', { preferences: { country: 'DE', currency: 'EUR', formats: ['ebook'] } });
    const readerWish = await wish(t, reader, book.bookId, { maxPrice: { amount: '20.00', currency: 'EUR' } });
    const erinWish = await wish(t, erin, book.bookId, { maxPrice: { amount: '20.00', currency: 'EUR' } });

    // The ebook is asked at the Ebook Emporium and the Buchhandlung; the hardcover at the Palace and the Buchhandlung.
    storesAnswer(book.isbn, { 'ebook-emporium': ['5.00'], buchhandlung: ['6.00'] });
    await fetchPrices(t, book.editionId, 2);
    storesAnswer(paper.isbn, { 'paperback-palace': ['9.00'], buchhandlung: ['9.50'] });
    await fetchPrices(t, paper.editionId, 2);

    const readers = await alertsOf(t, reader, readerWish);
    expect(readers.map((a) => [a.edition_id, a.store_id]).sort()).toEqual(
      [[paper.editionId, storeId('paperback-palace')], [paper.editionId, storeId('buchhandlung')]].sort(),
    );
    const erins = await alertsOf(t, erin, erinWish);
    expect(erins.map((a) => [a.edition_id, a.store_id, a.alert_kind]).sort()).toEqual(
      [[book.editionId, storeId('ebook-emporium'), 'below_max_price'], [book.editionId, storeId('buchhandlung'), 'below_max_price']].sort(),
    );
  });

  it("raises nothing for an edition in a language the user does not read (when the user has chosen languages)", async () => {
    const book = await bookWithEdition(t, 'Le Livre des Alertes', { languageCode: 'fr' });
    const english = await addEdition(t, book.bookId, { languageCode: 'en' });
    const nora = await user(t, 'nora', { preferences: { country: 'DE', currency: 'EUR', formats: ['paperback'] } }); // no languages chosen
    const french = await user(t, 'francophone', { preferences: { country: 'DE', currency: 'EUR', formats: ['paperback'] }, languages: ['fr', 'de'] });
    const wishes = {
      reader: await wish(t, reader, book.bookId, { maxPrice: { amount: '20.00', currency: 'EUR' } }),
      nora: await wish(t, nora, book.bookId, { maxPrice: { amount: '20.00', currency: 'EUR' } }),
      french: await wish(t, french, book.bookId, { maxPrice: { amount: '20.00', currency: 'EUR' } }),
    };

    storesAnswer(book.isbn, { 'paperback-palace': ['11.00'] });
    await fetchPrices(t, book.editionId, 1);
    storesAnswer(english.isbn, { 'paperback-palace': ['12.00'] });
    await fetchPrices(t, english.editionId, 1);

    const editions = async (who: User, wishId: number) => (await alertsOf(t, who, wishId)).map((a) => a.edition_id).sort((a, b) => a - b);
    expect(await editions(reader, wishes.reader)).toEqual([english.editionId]); // reads English only
    expect(await editions(french, wishes.french)).toEqual([book.editionId]); // reads French and German
    expect(await editions(nora, wishes.nora)).toEqual([book.editionId, english.editionId].sort((a, b) => a - b));
  });

  it('sends no e-mail when alert_email is off, and logs alert_failed when the account has no e-mail address', async () => {
    const book = await bookWithEdition(t, 'Quiet Please');
    const quiet = await user(t, 'quiet', {
      email: 'quiet@example.test',
      preferences: { country: 'DE', currency: 'EUR', formats: ['paperback'], alert_email: false },
    });
    const noAddress = await user(t, 'no-address', { preferences: { country: 'DE', currency: 'EUR', formats: ['paperback'], alert_email: true } });
    const quietWish = await wish(t, quiet, book.bookId, { maxPrice: { amount: '20.00', currency: 'EUR' } });
    const noAddressWish = await wish(t, noAddress, book.bookId, { maxPrice: { amount: '20.00', currency: 'EUR' } });

    storesAnswer(book.isbn, { 'paperback-palace': ['10.00'] });
    await fetchPrices(t, book.editionId, 1);
    expect(kinds(await alertsOf(t, quiet, quietWish))).toEqual(['below_max_price']);
    expect(kinds(await alertsOf(t, noAddress, noAddressWish))).toEqual(['below_max_price']);

    await eventually(async () => {
      const failed = (await alertLogs(t, noAddress.userId)).filter((e) => e.log_event === 'alert_failed');
      expect(failed).toHaveLength(1);
      expect(failed[0]!.log_detail).toMatchObject({ user_id: noAddress.userId, error: expect.any(String) });
      expect(failed[0]!.log_detail.error.length).toBeGreaterThan(0);
    });
    await eventually(async () => {
      const events = await alertLogs(t, quiet.userId);
      expect(events.map((e) => [e.log_event, e.log_detail.channel])).toEqual([['alert_sent', 'in_app']]);
    });
    expect(
      (await alertLogs(t, noAddress.userId)).filter((e) => e.log_event === 'alert_sent').map((e) => e.log_detail.channel),
    ).toEqual(['in_app']);
    expect(smtp.messages.filter((m) => m.subject.includes(book.title))).toEqual([]);
    expect(smtp.messages.filter((m) => m.envelopeTo.includes('quiet@example.test'))).toEqual([]);
  });
});

describe('when the SMTP server cannot be reached', () => {
  let down: TestService;

  beforeAll(async () => {
    // A port nobody listens on: every e-mail fails with a connection error.
    down = await startTestService(testEnv(`smtp://127.0.0.1:${await freePort()}`));
  });
  afterAll(async () => {
    await down?.stop();
  });

  it('logs alert_failed with user_id and error, and the in-app alert still exists', async () => {
    const mailer = await user(down, 'smtp-down', {
      email: 'smtp-down@example.test',
      preferences: { country: 'DE', currency: 'EUR', formats: ['paperback'], alert_email: true },
    });
    const book = await bookWithEdition(down, 'Undeliverable News');
    const wishId = await wish(down, mailer, book.bookId, { maxPrice: { amount: '20.00', currency: 'EUR' } });

    storesAnswer(book.isbn, { 'paperback-palace': ['10.00'], buchhandlung: ['12.00'] });
    await fetchPrices(down, book.editionId, 2); // the fetch itself succeeds

    const alerts = await alertsOf(down, mailer, wishId);
    expect(alerts.map((a) => [a.alert_kind, a.store_id]).sort()).toEqual(
      [['below_max_price', storeId('buchhandlung')], ['below_max_price', storeId('paperback-palace')]].sort(),
    );
    const events = await eventually(async () => {
      const logged = await alertLogs(down, mailer.userId);
      expect(logged.filter((e) => e.log_event === 'alert_failed')).toHaveLength(2);
      return logged;
    });
    for (const failed of events.filter((e) => e.log_event === 'alert_failed')) {
      expect(failed.log_detail).toMatchObject({ user_id: mailer.userId, error: expect.any(String) });
      expect(failed.log_detail.error.length).toBeGreaterThan(0);
    }
    const sent = events.filter((e) => e.log_event === 'alert_sent');
    expect(sent.map((e) => e.log_detail.channel)).toEqual(['in_app', 'in_app']);
    for (const e of sent) expect(e.log_detail).toMatchObject({ user_id: mailer.userId, book_id: book.bookId, threshold: '20.00' });

    // Still there after the failures, unread.
    expect((await alertsOf(down, mailer, wishId)).map((a) => a.is_read)).toEqual([false, false]);
  });
});
