// OpenID Connect sign-in in a real browser against a real provider (oidc-provider on 127.0.0.1, started here): the
// authorization code flow with PKCE as a public client, renewal with the refresh token, signing in again after
// expiry, and sign-out that ends the provider's session.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OIDC_TEST_ACCOUNT, type OidcTestProvider, startOidcTestProvider } from '../support/oidc-test-provider.js';
import { openSession, startWebHarness, type WebHarness } from './support/web-harness.js';

let op: OidcTestProvider;
let h: WebHarness;
const PROVIDER_BUTTON = 'Sign in with Test Provider';

beforeAll(async () => {
  op = await startOidcTestProvider();
  h = await startWebHarness({
    env: {
      DEV_SIGN_IN: 'off',
      OIDC_ISSUER: op.issuer,
      OIDC_CLIENT_ID: op.clientId,
      OIDC_SCOPES: 'openid profile email offline_access',
      OIDC_PROVIDER_NAME: 'Test Provider',
    },
  });
  const back = `${h.t.baseUrl}/sign-in.html`;
  op.register({ redirectUris: [back], postLogoutRedirectUris: [back] });
});
afterAll(async () => {
  await h?.stop();
  await op?.close();
});

// Browser-side expressions as text: the test code is type-checked for Node, without the DOM's globals.
const STORED_TOKEN = "localStorage.getItem('shelfwatch.token')";
const STORED_SESSION = "JSON.parse(localStorage.getItem('shelfwatch.oidc') ?? 'null')";

async function text(page: Page, selector: string, expected: string | RegExp): Promise<void> {
  await expect.poll(async () => ((await page.locator(selector).count()) > 0 ? await page.locator(selector).first().innerText() : ''), { timeout: 10_000 }).toMatch(expected);
}

/** On the provider's pages: the login form (unless the provider still knows the browser), then the consent. */
async function throughProvider(page: Page, options: { login: boolean }): Promise<void> {
  await page.waitForURL((url) => url.origin === op.issuer);
  if (options.login) {
    await page.getByLabel('Username').fill(OIDC_TEST_ACCOUNT.username);
    await page.getByLabel('Password').fill(OIDC_TEST_ACCOUNT.password);
    await page.getByRole('button', { name: 'Log in' }).click();
  }
  // offline_access comes with prompt=consent, so the provider asks every time.
  await page.getByRole('button', { name: 'Allow' }).click();
}

/** What the API says with the token the page holds: the status of `GET /api/user/preferences`. */
async function apiStatusWithStoredToken(page: Page): Promise<number> {
  return page.evaluate(`fetch('/api/user/preferences', { headers: { Authorization: 'Bearer ' + ${STORED_TOKEN} } }).then((r) => r.status)`);
}

/** Replaces the held ID token (the bearer token and the provider record's copy) by `token`. */
async function holdToken(page: Page, token: string, options: { dropRefreshToken?: boolean } = {}): Promise<void> {
  await page.evaluate(
    `(() => {
      const session = ${STORED_SESSION};
      session.idToken = ${JSON.stringify(token)};
      if (${options.dropRefreshToken === true}) session.refreshToken = null;
      localStorage.setItem('shelfwatch.oidc', JSON.stringify(session));
      localStorage.setItem('shelfwatch.token', ${JSON.stringify(token)});
    })()`,
  );
}

/** An ID token of this provider for the test account, `exp` seconds from now (negative: expired). */
function providerToken(expInSeconds: number, claims: Record<string, unknown> = {}): string {
  const now = Math.floor(Date.now() / 1000);
  return op.sign({ iss: op.issuer, aud: op.clientId, sub: OIDC_TEST_ACCOUNT.subject, iat: now - 3600, exp: now + expInSeconds, ...claims });
}

async function signInThroughProvider(page: Page, target: string, options: { login: boolean }): Promise<void> {
  await page.goto(target);
  await page.waitForURL(/\/sign-in\.html\?reason=missing/);
  await page.getByRole('button', { name: PROVIDER_BUTTON }).click();
  await throughProvider(page, options);
  await page.waitForURL(`**${target}`);
}

describe('OpenID Connect sign-in', () => {
  it('signs in through the provider and lands on the page asked for, as the provider\'s user', async () => {
    const s = await openSession(h, 'oidc sign-in');
    const { page } = s;
    const csp = (await page.request.get('/sign-in.html')).headers()['content-security-policy'];
    expect(csp).toContain(`connect-src 'self' ${op.issuer}`);

    await page.goto('/books.html');
    await page.waitForURL(/\/sign-in\.html\?reason=missing/);
    await page.getByRole('button', { name: PROVIDER_BUTTON }).waitFor();
    await s.shot('sign-in-with-provider');
    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    const authorization = page.waitForRequest((request) => request.url().startsWith(`${op.issuer}/auth?`));
    await page.getByRole('button', { name: PROVIDER_BUTTON }).click();
    // The authorization request: code flow, PKCE with S256, a state and a nonce, the sign-in page to come back to.
    const asked = new URL((await authorization).url()).searchParams;
    expect(asked.get('response_type')).toBe('code');
    expect(asked.get('code_challenge_method')).toBe('S256');
    expect(asked.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(asked.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(asked.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(asked.get('redirect_uri')).toBe(`${h.t.baseUrl}/sign-in.html`);
    expect(asked.get('scope')).toBe('openid profile email offline_access');
    await throughProvider(page, { login: true });
    await page.waitForURL('**/books.html');
    await text(page, 'h1', 'Books');

    // The token held is the provider's ID token; the API accepts it as the provider's subject.
    expect(await apiStatusWithStoredToken(page)).toBe(200);
    const session = (await page.evaluate(STORED_SESSION)) as { subject: string; refreshToken: string | null; idToken: string };
    expect(session.subject).toBe(OIDC_TEST_ACCOUNT.subject);
    expect(session.refreshToken).toEqual(expect.any(String));
    expect(await page.evaluate(STORED_TOKEN)).toBe(session.idToken);
    const users = await h.t.db.sql<{ subject: string }>('select subject from app_user where subject = $1', [OIDC_TEST_ACCOUNT.subject]);
    expect(users).toHaveLength(1);
    await s.close();
  });

  it('renews the ID token with the refresh token, before it expires and when the API refuses it', async () => {
    const s = await openSession(h, 'oidc renewal');
    const { page } = s;
    await signInThroughProvider(page, '/books.html', { login: true });
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url());
    });

    // Expired by its claims: renewed before the first request of the page.
    const expired = providerToken(-3600);
    await holdToken(page, expired);
    await page.goto('/authors.html');
    await text(page, 'h1', 'Authors');
    await expect.poll(() => page.evaluate(STORED_TOKEN)).not.toBe(expired);
    expect(await apiStatusWithStoredToken(page)).toBe(200);

    // Valid-looking but refused by the service (meant for another client): a 401, then one renewal and a retry.
    const refused = providerToken(3600, { aud: 'another-client' });
    await holdToken(page, refused);
    await page.goto('/lists.html');
    await text(page, 'h1', 'Lists');
    await expect.poll(() => page.evaluate(STORED_TOKEN)).not.toBe(refused);
    expect(await apiStatusWithStoredToken(page)).toBe(200);
    expect(visited.filter((url) => url.includes('sign-in'))).toEqual([]);
    await s.close();
  });

  it('without a refresh token, an expired sign-in asks to sign in again and comes back to the page', async () => {
    const s = await openSession(h, 'oidc expiry');
    const { page } = s;
    await signInThroughProvider(page, '/books.html', { login: true });
    await holdToken(page, providerToken(-3600), { dropRefreshToken: true });

    await page.goto('/authors.html');
    await page.waitForURL(/\/sign-in\.html\?reason=expired&next=%2Fauthors\.html/);
    await text(page, '#sign-in-reason', 'Your sign-in has expired');
    await page.getByRole('button', { name: PROVIDER_BUTTON }).click();
    // The provider still knows this browser: no password, only the consent offline_access asks for.
    await throughProvider(page, { login: false });
    await page.waitForURL('**/authors.html');
    await text(page, 'h1', 'Authors');
    expect(await apiStatusWithStoredToken(page)).toBe(200);
    await s.close();
  });

  it('signs out of Shelfwatch and of the provider', async () => {
    const s = await openSession(h, 'oidc sign-out');
    const { page } = s;
    await signInThroughProvider(page, '/books.html', { login: true });
    const endedBefore = op.endedSessions();

    await page.getByRole('button', { name: 'Sign out' }).click();
    // The provider's end-session endpoint, told who signs out (id_token_hint) and where to come back.
    await page.waitForURL((url) => url.origin === op.issuer);
    await page.getByRole('button', { name: 'Yes, sign me out' }).click();
    await page.waitForURL('**/sign-in.html');
    await text(page, '#sign-in-reason', 'You are signed out.');
    expect(await page.evaluate(STORED_TOKEN)).toBeNull();
    expect(await page.evaluate(STORED_SESSION)).toBeNull();
    expect(op.endedSessions()).toBe(endedBefore + 1);

    // The provider asks for the password again: its session is gone.
    await page.getByRole('button', { name: PROVIDER_BUTTON }).click();
    await page.waitForURL((url) => url.origin === op.issuer);
    await page.getByLabel('Password').waitFor();
    await s.close();
  });

  it('refuses an answer this tab did not ask for (forged state), and keeps the code out of the address bar', async () => {
    const s = await openSession(h, 'oidc forged state');
    const { page } = s;
    await page.goto('/sign-in.html?code=stolen-code&state=forged');
    await text(page, '#page-error', /not started on this page/);
    expect(new URL(page.url()).search).toBe('');
    expect(await page.evaluate(STORED_TOKEN)).toBeNull();
    await s.close();
  });
});
