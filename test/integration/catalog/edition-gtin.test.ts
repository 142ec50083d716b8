import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { freshUpc, gs1Check } from '../../support/fresh-gtins.js';

let t: TestService;
let english: number;

beforeAll(async () => {
  t = await startTestService();
  const rows = await t.db.sql<{ language_id: string }>("select language_id from language where language_code = 'en'");
  english = Number(rows[0]!.language_id);
});
afterAll(async () => {
  await t.stop();
});



async function book(title: string): Promise<number> {
  const res = await t.call('POST', '/api/books', { body: { book_original_title: title } });
  expect(res.status).toBe(201);
  return res.body.book_id;
}

/** A product without an ISBN sends `isbn: null` (the contract keeps the key required). */
function post(bookId: number, body: Record<string, unknown>) {
  return t.call('POST', `/api/books/${bookId}/editions`, { body: { isbn: null, format: 'paperback', language_id: english, ...body } });
}

function expectValidationFailure(res: { status: number; body: any; text: string }, field: string): void {
  expect(res.status, res.text).toBe(400);
  expect(res.body.error).toBe('validation_failed');
  expect(res.body.details.map((d: { field: string }) => d.field), res.text).toContain(field);
}

describe('an edition identified by its GTIN', () => {
  it('is created with a UPC-A alone and returned in its canonical form (EAN-13), with a null isbn', async () => {
    const upc = freshUpc('07');
    const res = await post(await book('Castle Builder (board game)'), { gtin: `${upc.slice(0, 1)} ${upc.slice(1, 6)}-${upc.slice(6)}` });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ isbn: null, gtin: `0${upc}` });
    const rows = await t.db.sql<{ isbn: string | null; gtin: string }>('select isbn, gtin from edition where edition_id = $1', [res.body.edition_id]);
    expect(rows).toEqual([{ isbn: null, gtin: `0${upc}` }]);
    expect((await t.call('GET', `/api/editions/${res.body.edition_id}`)).body).toMatchObject({ isbn: null, gtin: `0${upc}` });
  });

  it('keeps a GTIN-14 with a packaging indicator as 14 digits, and one with indicator 0 as its EAN-13', async () => {
    const upc = freshUpc('07');
    const pack = `1${upc.slice(0, 12).padStart(12, '0')}`;
    const pack14 = pack + gs1Check(pack);
    const bookId = await book('Castle Builder, six-pack');
    expect((await post(bookId, { gtin: pack14 })).body.gtin).toBe(pack14);
    const single = freshUpc('07');
    expect((await post(bookId, { gtin: `00${single}` })).body.gtin).toBe(`0${single}`);
  });

  it('answers 409 conflict for the same GTIN twice, however it is written, storing it once', async () => {
    const upc = freshUpc('07');
    const bookId = await book('Comic #1');
    expect((await post(bookId, { gtin: upc })).status).toBe(201);
    for (const again of [`0${upc}`, `00${upc}`]) {
      const res = await post(await book('Comic #1 again'), { gtin: again, format: 'hardcover' });
      expect(res.status, res.text).toBe(409);
      expect(res.body.error).toBe('conflict');
    }
    expect(await t.db.sql('select edition_id from edition where gtin = $1', [`0${upc}`])).toHaveLength(1);
  });

  it('answers 400 validation_failed on gtin for a bad GTIN, storing nothing', async () => {
    const bookId = await book('Bad GTIN');
    const upc = freshUpc('07');
    const wrongCheck = upc.slice(0, 11) + String((Number(upc[11]) + 1) % 10);
    for (const gtin of [wrongCheck, '12345', 'ABCDEFGHIJKLM', '00000000000000']) expectValidationFailure(await post(bookId, { gtin }), 'gtin');
    expect(await t.db.sql('select edition_id from edition where book_id = $1', [bookId])).toHaveLength(0);
  });

  it('still needs the isbn key, and an isbn when no gtin is given; still refuses a bad isbn beside a good gtin', async () => {
    const bookId = await book('Neither');
    expectValidationFailure(await post(bookId, {}), 'isbn');
    expectValidationFailure(await post(bookId, { gtin: null }), 'isbn');
    const withoutKey = await t.call('POST', `/api/books/${bookId}/editions`, { body: { gtin: freshUpc('07'), format: 'paperback', language_id: english } });
    expectValidationFailure(withoutKey, 'isbn');
    expectValidationFailure(await post(bookId, { isbn: '9780306406158', gtin: freshUpc('07') }), 'isbn');
  });

  it('an ISBN and a UPC together (a mass-market paperback): both stored, each unique', async () => {
    const upc = freshUpc('07');
    const res = await post(await book('Mass market'), { isbn: '978-1-4028-9462-6', gtin: upc });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ isbn: '9781402894626', gtin: `0${upc}` });
    expect((await post(await book('Same UPC'), { gtin: upc })).status).toBe(409);
  });

  it('a GTIN starting 978 is the ISBN: it becomes the isbn, conflicts with the same ISBN, and must agree with a given isbn', async () => {
    const bookId = await book('Bookland');
    const res = await post(bookId, { gtin: '9780262033848' });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ isbn: '9780262033848', gtin: '9780262033848' });
    expect((await post(bookId, { isbn: '0-262-03384-4' })).status).toBe(409);
    expectValidationFailure(await post(bookId, { isbn: '9780306406157', gtin: '9780262033848' }), 'gtin');
  });

  it('an edition created by ISBN alone answers gtin null, as before plus the field', async () => {
    const res = await post(await book('Plain book'), { isbn: '9780131103627' });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ isbn: '9780131103627', gtin: null });
  });

  it('the OpenAPI document describes the field on the request and the response', async () => {
    const doc = (await t.call('GET', '/api/openapi.json')).body;
    const text = JSON.stringify(doc);
    expect(text).toContain('GTIN-14');
    expect(text).toMatch(/"gtin":\{[^}]*"type"/);
  });
});
