import { z } from 'zod';
import { route, type RouteSpec } from '../../kits/http/routing/route-spec.js';

/**
 * What the browser needs to start an OpenID Connect sign-in, all of it public (the client is a public one: no
 * secret exists). The rest (endpoints) the browser reads from the issuer's discovery document itself.
 */
export interface PublicSignInConfig {
  oidc: { issuer: string; clientId: string; scopes: string[]; providerName: string } | null;
}

const AuthConfigJson = z
  .object({
    oidc: z
      .object({
        issuer: z.string().meta({ description: 'The issuer URL; its discovery document is `<issuer>/.well-known/openid-configuration`' }),
        client_id: z.string().meta({ description: 'The public client Shelfwatch is registered under (no secret)' }),
        scopes: z.array(z.string()).meta({ description: 'Scopes to request, `openid` among them' }),
        provider_name: z.string().meta({ description: 'Shown on the sign-in button ("Sign in with …")' }),
      })
      .nullable()
      .meta({ description: 'OpenID Connect sign-in (authorization code with PKCE); null when the service has none' }),
  })
  .meta({ id: 'AuthConfig' });

export function authConfigRoutes(config: PublicSignInConfig): RouteSpec[] {
  const body: z.infer<typeof AuthConfigJson> = {
    oidc: config.oidc && {
      issuer: config.oidc.issuer,
      client_id: config.oidc.clientId,
      scopes: config.oidc.scopes,
      provider_name: config.oidc.providerName,
    },
  };
  return [
    route({
      method: 'get', path: '/auth/config', tag: 'auth', auth: 'none',
      summary: 'How to sign in: the OpenID Connect provider, client id and scopes (public, no secret)',
      responses: { 200: { description: 'The sign-in settings', schema: AuthConfigJson } },
      usesDatabase: false,
      handle() {
        return Promise.resolve({ status: 200, body, headers: { 'Cache-Control': 'no-cache' } });
      },
    }),
  ];
}
