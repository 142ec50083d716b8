// Preferences (singleton), readable languages, and the store filter of /api/user/stores.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { expectError, userIdOf, walkPages } from './user-space-helpers.js';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(async () => {
  await t.stop();
});

const ALL_FORMATS = ['audiobook', 'ebook', 'hardcover', 'paperback'];

const prefsOf = (body: { country: unknown; currency: unknown; formats: string[]; alert_email: unknown }) => ({
  country: body.country,
  currency: body.currency,
  formats: [...body.formats].sort(),
  alert_email: body.alert_email,
});

async function storedPreferences(subject: string): Promise<unknown[]> {
  return t.db.sql(
    `select p.country, p.currency, p.formats, p.alert_email from user_preferences p
     join app_user u on u.user_id = p.user_id where u.subject = $1`,
    [subject],
  );
}

describe('preferences', () => {
  it('returns the defaults before any PUT, and storing nothing', async () => {
    const token = t.token('pref-defaults');
    const res = await t.call('GET', '/api/user/preferences', { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ country: null, currency: 'EUR', alert_email: false });
    expect([...res.body.formats].sort()).toEqual(ALL_FORMATS);
    expect(await storedPreferences('pref-defaults')).toEqual([]);
  });

  it('saves with PUT (200 with the preferences) and returns them with GET', async () => {
    const token = t.token('pref-save');
    const put = await t.call('PUT', '/api/user/preferences', {
      token,
      body: { country: 'DE', currency: 'EUR', formats: ['ebook', 'paperback'], alert_email: true },
    });
    expect(put.status, put.text).toBe(200);
    expect(prefsOf(put.body)).toEqual({ country: 'DE', currency: 'EUR', formats: ['ebook', 'paperback'], alert_email: true });
    const get = await t.call('GET', '/api/user/preferences', { token });
    expect(get.body).toEqual(put.body);
  });

  it('keeps the fields a PUT leaves out; country null clears the country', async () => {
    const token = t.token('pref-partial');
    await t.call('PUT', '/api/user/preferences', { token, body: { country: 'GB', currency: 'GBP', formats: ['hardcover'], alert_email: true } });
    const onlyCurrency = await t.call('PUT', '/api/user/preferences', { token, body: { currency: 'USD' } });
    expect(onlyCurrency.status).toBe(200);
    expect(prefsOf(onlyCurrency.body)).toEqual({ country: 'GB', currency: 'USD', formats: ['hardcover'], alert_email: true });
    const cleared = await t.call('PUT', '/api/user/preferences', { token, body: { country: null } });
    expect(prefsOf(cleared.body)).toEqual({ country: null, currency: 'USD', formats: ['hardcover'], alert_email: true });
    const empty = await t.call('PUT', '/api/user/preferences', { token, body: {} });
    expect(empty.status).toBe(200);
    expect(prefsOf(empty.body)).toEqual({ country: null, currency: 'USD', formats: ['hardcover'], alert_email: true });
    expect(prefsOf((await t.call('GET', '/api/user/preferences', { token })).body)).toEqual(prefsOf(empty.body));
  });

  it('refuses unknown codes with 400 and details, storing nothing', async () => {
    const token = t.token('pref-invalid');
    const fresh = [
      [{ country: 'XX' }, 'country'],
      [{ country: 'ZZ', currency: 'USD' }, 'country'],
      [{ currency: 'ZZZ' }, 'currency'],
      [{ country: 'FR', currency: 'QQQ' }, 'currency'],
      [{ formats: ['kindle'] }, 'formats[0]'],
      [{ formats: ['ebook', 'scroll'] }, 'formats[1]'],
      [{ formats: [] }, 'formats'],
    ] as const;
    for (const [body, field] of fresh) {
      expectError(await t.call('PUT', '/api/user/preferences', { token, body }), 400, 'validation_failed', field);
    }
    // Nothing was stored: still the defaults.
    expect(await storedPreferences('pref-invalid')).toEqual([]);
    const defaults = await t.call('GET', '/api/user/preferences', { token });
    expect(prefsOf(defaults.body)).toEqual({ country: null, currency: 'EUR', formats: ALL_FORMATS, alert_email: false });

    // With saved preferences, a refused PUT changes none of them (not even its valid fields).
    await t.call('PUT', '/api/user/preferences', { token, body: { country: 'NL', currency: 'EUR', formats: ['ebook'], alert_email: false } });
    const saved = await storedPreferences('pref-invalid');
    for (const [body, field] of fresh) {
      const withValid = { alert_email: true, formats: ['audiobook'], ...body };
      expectError(await t.call('PUT', '/api/user/preferences', { token, body: withValid }), 400, 'validation_failed', field);
    }
    expect(await storedPreferences('pref-invalid')).toEqual(saved);
    expect(prefsOf((await t.call('GET', '/api/user/preferences', { token })).body)).toEqual({
      country: 'NL', currency: 'EUR', formats: ['ebook'], alert_email: false,
    });
  });
});

describe('convert_currencies (C11.4)', () => {
  it('is false until the user says otherwise; PUT sets it and leaves it when omitted', async () => {
    const token = t.token('pref-convert');
    expect((await t.call('GET', '/api/user/preferences', { token })).body.convert_currencies).toBe(false);
    const on = await t.call('PUT', '/api/user/preferences', { token, body: { convert_currencies: true } });
    expect(on.status, on.text).toBe(200);
    expect(on.body).toMatchObject({ country: null, currency: 'EUR', alert_email: false, convert_currencies: true });
    const other = await t.call('PUT', '/api/user/preferences', { token, body: { currency: 'GBP' } });
    expect(other.body).toMatchObject({ currency: 'GBP', convert_currencies: true });
    expect((await t.call('GET', '/api/user/preferences', { token })).body).toEqual(other.body);
    const off = await t.call('PUT', '/api/user/preferences', { token, body: { convert_currencies: false } });
    expect(off.body).toMatchObject({ currency: 'GBP', convert_currencies: false });
    const [row] = await t.db.sql<{ convert_currencies: boolean }>(
      `select p.convert_currencies from user_preferences p join app_user u on u.user_id = p.user_id where u.subject = 'pref-convert'`,
    );
    expect(row?.convert_currencies).toBe(false);
  });

  it('refuses anything but a boolean with 400 naming convert_currencies, changing nothing', async () => {
    const token = t.token('pref-convert-invalid');
    await t.call('PUT', '/api/user/preferences', { token, body: { convert_currencies: true } });
    for (const value of ['true', 1, null, 'yes', {}]) {
      expectError(await t.call('PUT', '/api/user/preferences', { token, body: { convert_currencies: value, currency: 'USD' } }), 400, 'validation_failed', 'convert_currencies');
    }
    expect((await t.call('GET', '/api/user/preferences', { token })).body).toMatchObject({ currency: 'EUR', convert_currencies: true });
  });
});

describe('readable languages', () => {
  const languageByCode = async (code: string) => {
    const [row] = await t.db.sql<{ language_id: string; language_name: string }>('select language_id, language_name from language where language_code = $1', [code]);
    return { language_id: Number(row!.language_id), language_code: code, language_name: row!.language_name };
  };

  it('adds a language (201 with the language), refuses it twice (409), and refuses an unknown one (400)', async () => {
    const token = t.token('lang-add');
    const german = await languageByCode('de');
    const added = await t.call('POST', '/api/user/preferences/languages', { token, body: { language_id: german.language_id } });
    expect(added.status, added.text).toBe(201);
    expect(added.body).toMatchObject(german);
    expectError(await t.call('POST', '/api/user/preferences/languages', { token, body: { language_id: german.language_id } }), 409, 'conflict');
    expectError(await t.call('POST', '/api/user/preferences/languages', { token, body: { language_id: 987654 } }), 400, 'validation_failed', 'language_id');
    const stored = await t.db.sql(
      'select ul.language_id from user_language ul join app_user u on u.user_id = ul.user_id where u.subject = $1',
      ['lang-add'],
    );
    expect(stored).toEqual([{ language_id: String(german.language_id) }]);
  });

  it('lists the languages paginated, and removes one by language_id (204, then 404)', async () => {
    const token = t.token('lang-list');
    const languages = await Promise.all(['en', 'fr', 'ja', 'pt', 'sv'].map(languageByCode));
    for (const l of languages) expect((await t.call('POST', '/api/user/preferences/languages', { token, body: { language_id: l.language_id } })).status).toBe(201);

    const first = await t.call('GET', '/api/user/preferences/languages?per_page=2', { token });
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(2);
    expect(first.body._links.next).toBeDefined();
    const all = await walkPages(t, '/api/user/preferences/languages?per_page=2', token);
    const byId = (a: { language_id: number }, b: { language_id: number }) => a.language_id - b.language_id;
    expect(all).toEqual([...languages].sort(byId));

    const french = languages[1]!;
    const removed = await t.call('DELETE', `/api/user/preferences/languages/${french.language_id}`, { token });
    expect(removed.status).toBe(204);
    expect(removed.text).toBe('');
    expectError(await t.call('DELETE', `/api/user/preferences/languages/${french.language_id}`, { token }), 404, 'not_found');
    const after = await walkPages<{ language_id: number }>(t, '/api/user/preferences/languages', token);
    expect(after.map((l) => l.language_id)).toEqual(languages.filter((l) => l !== french).sort(byId).map((l) => l.language_id));
    // A language the user never had, and one that does not exist: 404.
    const korean = await languageByCode('ko');
    expectError(await t.call('DELETE', `/api/user/preferences/languages/${korean.language_id}`, { token }), 404, 'not_found');
    expectError(await t.call('DELETE', '/api/user/preferences/languages/987654', { token }), 404, 'not_found');
    // It can be added again after removal.
    expect((await t.call('POST', '/api/user/preferences/languages', { token, body: { language_id: french.language_id } })).status).toBe(201);
  });

  it('starts empty for a new user', async () => {
    const res = await t.call('GET', '/api/user/preferences/languages', { token: t.token('lang-empty') });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
    expect(res.body._links.self.href).toBe(res.body._links.first.href);
    expect(res.body._links.last.href).toBe(res.body._links.first.href);
  });
});

describe('/api/user/stores', () => {
  const DEMO = {
    palace: 'Paperback Palace (demo)', // international, EUR, print
    emporium: 'Ebook Emporium (demo)', // international, EUR, ebook + audiobook
    buch: 'Buchhandlung Beispiel (demo)', // DE, EUR, all formats
    corner: 'Corner Bookshop (demo)', // GB, GBP, print
  };

  async function userStores(token: string): Promise<string[]> {
    const stores = await walkPages<{ store_name: string; is_active: boolean }>(t, '/api/user/stores?per_page=3', token);
    for (const s of stores) expect(s.is_active, s.store_name).toBe(true);
    return stores.map((s) => s.store_name).sort();
  }

  async function storesFor(subject: string, prefs: Record<string, unknown>): Promise<string[]> {
    const token = t.token(subject);
    const put = await t.call('PUT', '/api/user/preferences', { token, body: prefs });
    expect(put.status, put.text).toBe(200);
    return userStores(token);
  }

  it('uses the defaults before any PUT: international EUR stores only', async () => {
    expect(await userStores(t.token('stores-defaults'))).toEqual([DEMO.emporium, DEMO.palace].sort());
  });

  it('keeps active stores matching country (or international), currency and at least one format', async () => {
    const all = ['hardcover', 'paperback', 'ebook', 'audiobook'];
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{ country: 'DE', currency: 'EUR', formats: all }, [DEMO.palace, DEMO.emporium, DEMO.buch]],
      [{ country: 'DE', currency: 'EUR', formats: ['ebook'] }, [DEMO.emporium, DEMO.buch]],
      [{ country: 'DE', currency: 'EUR', formats: ['audiobook'] }, [DEMO.emporium, DEMO.buch]],
      [{ country: 'DE', currency: 'EUR', formats: ['hardcover'] }, [DEMO.palace, DEMO.buch]],
      [{ country: 'DE', currency: 'EUR', formats: ['paperback', 'audiobook'] }, [DEMO.palace, DEMO.emporium, DEMO.buch]],
      [{ country: 'GB', currency: 'GBP', formats: ['paperback'] }, [DEMO.corner]],
      [{ country: 'GB', currency: 'GBP', formats: all }, [DEMO.corner]],
      [{ country: 'GB', currency: 'GBP', formats: ['ebook'] }, []],
      [{ country: 'GB', currency: 'EUR', formats: all }, [DEMO.palace, DEMO.emporium]],
      [{ country: 'FR', currency: 'EUR', formats: all }, [DEMO.palace, DEMO.emporium]],
      [{ country: null, currency: 'EUR', formats: all }, [DEMO.palace, DEMO.emporium]],
      [{ country: 'DE', currency: 'GBP', formats: all }, []],
      // Real stores (Bookshop.org, Kobo, ...) ship inactive, so US/USD finds nothing.
      [{ country: 'US', currency: 'USD', formats: all }, []],
    ];
    let n = 0;
    for (const [prefs, expected] of cases) {
      expect(await storesFor(`stores-case-${n++}`, prefs), JSON.stringify(prefs)).toEqual([...expected].sort());
    }
  });

  it('follows a user changing preferences', async () => {
    expect(await storesFor('stores-change', { country: 'GB', currency: 'GBP', formats: ['hardcover'] })).toEqual([DEMO.corner]);
    expect(await storesFor('stores-change', { currency: 'EUR' })).toEqual([DEMO.palace]);
    expect(await storesFor('stores-change', { formats: ['ebook'] })).toEqual([DEMO.emporium]);
  });

  it('lists only active stores, following is_active', async () => {
    const token = t.token('stores-active');
    await t.call('PUT', '/api/user/preferences', { token, body: { country: 'DE', currency: 'EUR', formats: ['ebook'] } });
    expect(await userStores(token)).toEqual([DEMO.emporium, DEMO.buch].sort());
    await t.db.sql("update store set is_active = false where store_key = 'demo-buchhandlung'");
    await t.db.sql("update store set is_active = true where store_key = 'thalia-de'");
    try {
      expect(await userStores(token)).toEqual([DEMO.emporium, 'Thalia'].sort());
      // An active international store in another currency stays out.
      await t.db.sql("update store set is_active = true where store_key = 'kobo-intl'");
      expect(await userStores(token)).toEqual([DEMO.emporium, 'Thalia'].sort());
      expect(await storesFor('stores-active-usd', { country: 'US', currency: 'USD', formats: ['ebook'] })).toEqual(['Rakuten Kobo']);
    } finally {
      await t.db.sql("update store set is_active = (store_key like 'demo-%')");
    }
    expect(await userStores(token)).toEqual([DEMO.emporium, DEMO.buch].sort());
  });

  it("depends only on the caller's own preferences", async () => {
    await storesFor('stores-owner-a', { country: 'GB', currency: 'GBP', formats: ['paperback'] });
    await userIdOf(t, 'stores-owner-b');
    expect(await userStores(t.token('stores-owner-b'))).toEqual([DEMO.emporium, DEMO.palace].sort());
    expect(await userStores(t.token('stores-owner-a'))).toEqual([DEMO.corner]);
  });
});
