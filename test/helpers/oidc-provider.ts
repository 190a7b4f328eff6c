import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, decodeJwt, exportJWK, generateKeyPair, type JWK } from 'jose';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider (`oidc-provider`, the certified implementation) on a random
 * loopback port, for sign-in tests. Its interaction (login and consent) finishes by itself as the
 * account the test chose with `signInAs`, so a browser or a cookie jar that follows redirects
 * goes from Lookout to the provider and back without a form.
 *
 * `tamper` rewrites the ID token of the next token response, signed again, to play a provider (or
 * someone between) that answers a token for another audience, under another key, or expired.
 */
export interface TestIdentityProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The environment that points Lookout at this provider. */
  env: Record<string, string>;
  /** The account the next interaction signs in as, with the claims it has. */
  signInAs(account: { sub: string; email?: string; emailVerified?: boolean }): void;
  /** Changes the next ID token: `claims` merged over its own, signed with the provider's key or `foreignKey`. */
  tamper(change: { claims?: Record<string, unknown>; foreignKey?: boolean } | null): void;
  close(): Promise<void>;
}

export interface ProviderOptions {
  /** The Lookout callback the client may be redirected to. */
  redirectUri: string;
  /** False: scope claims only from the user info endpoint (oidc-provider's default); true: in the ID token too. */
  claimsInIdToken?: boolean;
}

let counter = 0;

export async function startIdentityProvider(options: ProviderOptions): Promise<TestIdentityProvider> {
  const signing = await generateKeyPair('RS256', { extractable: true });
  const foreign = await generateKeyPair('RS256', { extractable: true });
  const kid = `key-${++counter}`;
  const jwk: JWK = { ...(await exportJWK(signing.privateKey)), kid, alg: 'RS256', use: 'sig' };
  const accounts = new Map<string, { email?: string; emailVerified?: boolean }>();
  let next = 'nobody';
  let change: { claims?: Record<string, unknown>; foreignKey?: boolean } | null = null;
  const clientId = `lookout-${counter}`;
  const clientSecret = `secret-${counter}-${Math.random().toString(36).slice(2)}`;

  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: [`cookie-key-${counter}`] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: !(options.claimsInIdToken ?? true),
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx: unknown, sub: string) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          ...(account.email !== undefined && { email: account.email }),
          ...(account.emailVerified !== undefined && { email_verified: account.emailVerified }),
          name: `Person ${sub}`,
        }),
      };
    },
    ttl: { Session: 3600, Interaction: 600, Grant: 3600, AccessToken: 600, AuthorizationCode: 60, IdToken: 600 },
  });
  // The provider's own warnings about development settings are noise here.
  provider.on('server_error', () => {});

  provider.use(async (ctx, next) => {
    await next();
    if (change === null || ctx.path !== '/token' || ctx.method !== 'POST' || ctx.status !== 200) return;
    const body = ctx.body as { id_token?: string };
    if (typeof body.id_token !== 'string') return;
    const claims = { ...decodeJwt(body.id_token), ...change.claims };
    const key = change.foreignKey ? foreign.privateKey : signing.privateKey;
    change = null;
    ctx.body = { ...body, id_token: await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' }).sign(key) };
  });

  const handle = provider.callback();
  server.on('request', (request, response) => {
    const path = (request.url ?? '/').split('?')[0]!;
    if (path.startsWith('/interaction/')) {
      void finishInteraction(request, response).catch((error: unknown) => {
        response.statusCode = 500;
        response.end(String(error));
      });
      return;
    }
    handle(request, response);
  });

  async function finishInteraction(request: Parameters<typeof handle>[0], response: Parameters<typeof handle>[1]): Promise<void> {
    const details = await provider.interactionDetails(request, response);
    if (details.prompt.name === 'login') {
      await provider.interactionFinished(request, response, { login: { accountId: next } }, { mergeWithLastSubmission: false });
      return;
    }
    const grant = new provider.Grant({ accountId: details.session!.accountId, clientId: details.params.client_id! });
    grant.addOIDCScope(details.params.scope ?? 'openid');
    const grantId = await grant.save();
    await provider.interactionFinished(request, response, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  return {
    issuer,
    clientId,
    clientSecret,
    env: {
      LOOKOUT_OIDC_ISSUER: issuer,
      LOOKOUT_OIDC_CLIENT_ID: clientId,
      LOOKOUT_OIDC_CLIENT_SECRET: clientSecret,
      LOOKOUT_OIDC_NAME: 'Test IdP',
    },
    signInAs(account) {
      accounts.set(account.sub, { email: account.email, emailVerified: account.emailVerified });
      next = account.sub;
    },
    tamper(value) {
      change = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
