import * as client from 'openid-client';
import type { OidcConfig } from '../config.js';
import { isLoopbackHost } from '../config.js';
import { IdentityProviderRefusal, type IdentityProvider, type VerifiedIdentity } from '../domain/ports/identity-provider.js';

/** Seconds any one request to the provider may take (discovery, keys, token, user info). */
const PROVIDER_TIMEOUT_SECONDS = 10;
const SCOPE = 'openid email profile';

/**
 * The identity provider through `openid-client` v6 (an OpenID-certified relying party): discovery
 * from the issuer, the authorization code flow with PKCE (S256), `state` and `nonce`, the client
 * authenticated with its secret (HTTP Basic), and the ID token verified in full: issuer, audience,
 * expiry, nonce, and its signature against the provider's JWKS (`enableNonRepudiationChecks`:
 * without it, a token received straight from the token endpoint over TLS is taken unsigned-checked).
 *
 * Discovery happens at the first sign-in and is kept; a failed discovery is tried again at the next.
 */
export class OpenIdProvider implements IdentityProvider {
  readonly name: string;
  private configuration: Promise<client.Configuration> | null = null;

  constructor(private readonly settings: OidcConfig) {
    this.name = settings.name;
  }

  async authorizationUrl(request: { redirectUri: string; state: string; nonce: string; codeVerifier: string }): Promise<URL> {
    const config = await this.discovered();
    return client.buildAuthorizationUrl(config, {
      redirect_uri: request.redirectUri,
      scope: SCOPE,
      response_type: 'code',
      code_challenge: await client.calculatePKCECodeChallenge(request.codeVerifier),
      code_challenge_method: 'S256',
      state: request.state,
      nonce: request.nonce,
    });
  }

  async complete(callbackUrl: URL, checks: { state: string; nonce: string; codeVerifier: string }): Promise<VerifiedIdentity> {
    const config = await this.discovered();
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      throw refusalOf(error);
    }
    const claims = tokens.claims();
    if (!claims) throw new IdentityProviderRefusal('The provider answered without an ID token.', 'no id_token in the token response');
    let email = typeof claims.email === 'string' ? claims.email : null;
    let verified = emailVerifiedClaim(claims);
    if (email === null) {
      // Some providers keep the address out of the ID token: the user info endpoint has it.
      try {
        const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
        email = typeof info.email === 'string' ? info.email : null;
        verified = emailVerifiedClaim(info);
      } catch (error) {
        throw refusalOf(error);
      }
    }
    return { subject: claims.sub, email, emailVerified: verified };
  }

  private discovered(): Promise<client.Configuration> {
    this.configuration ??= this.discover().catch((error: unknown) => {
      this.configuration = null;
      throw new IdentityProviderRefusal(
        `${this.name} could not be reached to sign in; try again in a moment.`,
        `discovery of ${this.settings.issuer} failed: ${describe(error)}`,
        502,
      );
    });
    return this.configuration;
  }

  private async discover(): Promise<client.Configuration> {
    const issuer = new URL(this.settings.issuer);
    const execute = [client.enableNonRepudiationChecks];
    // Plain http only for an issuer on this machine (loadConfig refuses any other).
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- the library marks it so that it stands out; here it serves a loopback issuer only
    if (issuer.protocol === 'http:' && isLoopbackHost(issuer.hostname)) execute.push(client.allowInsecureRequests);
    const config = await client.discovery(issuer, this.settings.clientId, undefined, client.ClientSecretBasic(this.settings.clientSecret), {
      execute,
      timeout: PROVIDER_TIMEOUT_SECONDS,
    });
    config.timeout = PROVIDER_TIMEOUT_SECONDS;
    return config;
  }
}

/** `email_verified: true`, or Microsoft Entra ID's `xms_edov: true` (it sends no `email_verified`). */
function emailVerifiedClaim(claims: Record<string, unknown>): boolean {
  return claims.email_verified === true || claims.email_verified === 'true' || claims.xms_edov === true;
}

/** The person's words for why the provider's answer was refused; the log gets the library's own. */
function refusalOf(error: unknown): IdentityProviderRefusal {
  const text = describe(error);
  const reason = `${(error as { code?: string }).code ?? (error as Error).name}: ${text}`;
  if (error instanceof client.AuthorizationResponseError) {
    return new IdentityProviderRefusal(
      `The provider refused the sign-in (${error.error}${error.error_description ? `: ${error.error_description}` : ''}).`,
      reason,
    );
  }
  if (error instanceof client.ResponseBodyError) {
    return new IdentityProviderRefusal(
      'The provider refused to exchange the sign-in code: it may have been used already or have expired. Start again.',
      reason,
    );
  }
  const rules: Array<[RegExp, string]> = [
    [/"state"/, 'The answer does not belong to the sign-in this browser started (its state does not match).'],
    [/"aud"|audience/i, 'The ID token was issued for another application (audience).'],
    [/signature/i, 'The ID token’s signature does not match the provider’s keys.'],
    [/"exp"|expir/i, 'The ID token has expired.'],
    [/"iss"|issuer/i, 'The ID token comes from another issuer.'],
    [/nonce/i, 'The ID token was not made for this sign-in (nonce).'],
  ];
  for (const [pattern, message] of rules) if (pattern.test(text)) return new IdentityProviderRefusal(message, reason);
  if (error instanceof client.ClientError || error instanceof TypeError) {
    return new IdentityProviderRefusal('The provider’s answer could not be verified.', reason);
  }
  return new IdentityProviderRefusal('The provider could not be reached to finish the sign-in; try again.', reason, 502);
}

/** An error's message with its causes, for the log (the library's messages name claims, never token values). */
function describe(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 3; e = e.cause, depth++) parts.push(e.message);
  return parts.join(' — ').slice(0, 500) || String(error).slice(0, 200);
}
