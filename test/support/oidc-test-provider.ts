// A real OpenID Connect provider (panva's oidc-provider) on 127.0.0.1 for the sign-in tests: RS256 keys made here,
// one public client (PKCE required, refresh tokens, RP-initiated logout), one account, and its own small login and
// consent pages that a test fills in like a user. Requests wait until `register` has named the client's redirect URI
// (the service's address is known only once it runs), so the service's start-up discovery is answered, not refused.
import { generateKeyPairSync, type KeyObject, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import jwt from 'jsonwebtoken';
import { Provider } from 'oidc-provider';

export const OIDC_TEST_ACCOUNT = {
  username: 'reader',
  password: 'correct horse battery staple',
  subject: 'oidc-reader-5f2c',
  email: 'reader@example.org',
  name: 'Rea Der',
} as const;

export interface OidcTestProvider {
  issuer: string;
  clientId: string;
  /** Completes the setup with the client's redirect URIs (sign-in and post-logout) and starts answering. */
  register(client: { redirectUris: string[]; postLogoutRedirectUris: string[] }): void;
  /** A JWT signed with the provider's own key (as its ID tokens are), with any claims: for expiry and refusal tests. */
  sign(claims: Record<string, unknown>): string;
  /** How many sessions RP-initiated logout has ended. */
  endedSessions(): number;
  close(): Promise<void>;
}

const esc = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title></head><body><main><h1>${esc(title)}</h1>${body}</main></body></html>`;
}

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startOidcTestProvider(options: { clientId?: string } = {}): Promise<OidcTestProvider> {
  const clientId = options.clientId ?? 'shelfwatch-web';
  const kid = randomUUID();
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey: KeyObject = privateKey;
  let ended = 0;

  let handle: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  const waiting: Array<() => void> = [];
  const server: Server = createServer((req, res) => {
    if (handle) handle(req, res);
    else waiting.push(() => handle!(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function register(client: { redirectUris: string[]; postLogoutRedirectUris: string[] }): void {
    const redirectOrigins = new Set(client.redirectUris.map((uri) => new URL(uri).origin));
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_name: 'Shelfwatch',
          application_type: 'web',
          token_endpoint_auth_method: 'none',
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
          redirect_uris: client.redirectUris,
          post_logout_redirect_uris: client.postLogoutRedirectUris,
        },
      ],
      jwks: { keys: [{ ...signingKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' }] },
      cookies: { keys: [randomUUID()] },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      scopes: ['openid', 'offline_access', 'profile', 'email'],
      features: {
        devInteractions: { enabled: false },
        // The provider's own confirmation page, without the default one's web font (the test machine is offline).
        rpInitiatedLogout: {
          enabled: true,
          logoutSource(ctx: { body: string }, form: string) {
            ctx.body = page('Sign out of the test provider?', `${form}<button type="submit" form="op.logoutForm" value="yes" name="logout">Yes, sign me out</button>`);
          },
        },
      },
      pkce: { required: () => true },
      // Lifetimes in seconds, named so the provider need not warn about its defaults.
      ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, RefreshToken: 86_400, IdToken: 3600 },
      // A public client's browser calls the token endpoint across origins: allowed from its redirect URIs' origins.
      clientBasedCORS: (_ctx: unknown, origin: string) => redirectOrigins.has(origin),
      interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
      async findAccount(_ctx: unknown, id: string) {
        if (id !== OIDC_TEST_ACCOUNT.subject) return undefined;
        return {
          accountId: id,
          claims: () => ({ sub: id, email: OIDC_TEST_ACCOUNT.email, email_verified: true, name: OIDC_TEST_ACCOUNT.name }),
        };
      },
    });
    provider.on('end_session.success', () => {
      ended++;
    });
    const providerHandler = provider.callback();

    async function interaction(req: IncomingMessage, res: ServerResponse, uid: string, action: string | undefined): Promise<void> {
      const details = await provider.interactionDetails(req, res);
      if (details.uid !== uid) throw new Error('interaction mismatch');
      if (req.method === 'GET') {
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        if (details.prompt.name === 'login') {
          res.end(
            page(
              'Sign in to the test provider',
              `<form method="post" action="/interaction/${esc(uid)}/login">` +
                '<label>Username <input name="username" autocomplete="username"></label>' +
                '<label>Password <input name="password" type="password" autocomplete="current-password"></label>' +
                '<button type="submit">Log in</button></form>',
            ),
          );
        } else {
          res.end(
            page(
              'Allow Shelfwatch?',
              `<p>Shelfwatch asks for: ${esc(String(details.params.scope))}</p>` +
                `<form method="post" action="/interaction/${esc(uid)}/confirm"><button type="submit">Allow</button></form>`,
            ),
          );
        }
        return;
      }
      if (action === 'login') {
        const form = await formBody(req);
        if (form.get('username') !== OIDC_TEST_ACCOUNT.username || form.get('password') !== OIDC_TEST_ACCOUNT.password) {
          res.statusCode = 401;
          res.setHeader('Content-Type', 'text/html; charset=utf-8');
          res.end(page('Wrong username or password', `<p><a href="/interaction/${esc(uid)}">Try again</a></p>`));
          return;
        }
        await provider.interactionFinished(req, res, { login: { accountId: OIDC_TEST_ACCOUNT.subject } }, { mergeWithLastSubmission: false });
        return;
      }
      // Consent: a grant of what the client asked for and the account has not yet allowed.
      const { accountId } = details.session!;
      const grant = details.grantId ? (await provider.Grant.find(details.grantId))! : new provider.Grant({ accountId, clientId });
      const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
    }

    handle = (req, res) => {
      const match = /^\/interaction\/([^/?]+)(?:\/(login|confirm))?(?:\?|$)/.exec(req.url ?? '');
      if (!match) {
        providerHandler(req, res);
        return;
      }
      interaction(req, res, match[1]!, match[2]).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
    };
    for (const release of waiting.splice(0)) release();
  }

  return {
    issuer,
    clientId,
    register,
    sign(claims) {
      return jwt.sign(claims, signingKey, { algorithm: 'RS256', keyid: kid });
    },
    endedSessions: () => ended,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
