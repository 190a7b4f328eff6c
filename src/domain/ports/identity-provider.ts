/**
 * An OpenID Connect provider, as sign-in needs it: where to send the browser, and what the
 * provider vouches for once it comes back. The implementation (`identity/openid-provider.ts`,
 * on `openid-client`) does discovery, the code exchange and every check of the ID token; the
 * domain decides who that makes signed in.
 */
export interface IdentityProvider {
  /** The name on the sign-in button. */
  readonly name: string;
  /** The provider's authorization URL for one sign-in, with PKCE (S256), `state` and `nonce`. */
  authorizationUrl(request: { redirectUri: string; state: string; nonce: string; codeVerifier: string }): Promise<URL>;
  /**
   * Exchanges the code of a callback (`callbackUrl`: the redirect URI with the query the provider
   * sent) and verifies the ID token: signature against the provider's keys, issuer, audience,
   * expiry, `nonce`; and `state`. Throws `IdentityProviderRefusal` when anything does not hold.
   */
  complete(callbackUrl: URL, checks: { state: string; nonce: string; codeVerifier: string }): Promise<VerifiedIdentity>;
}

/** What a verified ID token (and, when it has no email, the user info) says of the person. */
export interface VerifiedIdentity {
  subject: string;
  email: string | null;
  /** Only an explicit `true` from the provider counts. */
  emailVerified: boolean;
}

/**
 * The provider's answer is not one to sign anybody in with: `reason` is for the log (what failed,
 * never a token), `message` for the person.
 */
export class IdentityProviderRefusal extends Error {
  constructor(
    override readonly message: string,
    readonly reason: string,
    /** 4xx: the sign-in was refused; 502: the provider could not be reached or answered wrongly. */
    readonly status: 400 | 403 | 404 | 429 | 502 = 400,
  ) {
    super(message);
  }
}
