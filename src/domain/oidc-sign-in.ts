import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import { newId } from './ids.js';
import { IdentityProviderRefusal, type IdentityProvider } from './ports/identity-provider.js';
import type { RateLimiter } from './ports/coordination.js';
import { systemClock, type Clock } from './ports/clock.js';
import { Problem } from './problem.js';
import type { OpenedSession, SessionService } from './sessions.js';

/*
 * Sign-in with OpenID Connect (contract-2 §U). Nobody joins a team by signing in: the provider's
 * verified email must be the address of a user an Admin created or invited.
 *
 * - `start` makes the sign-in's `state` and `nonce` and a random browser secret, set by the HTTP
 *   layer as a short-lived (10 minutes) HttpOnly cookie. The row keeps the secret's SHA-256 only.
 *   The PKCE verifier is derived from the secret (HMAC), so a callback completes only in the
 *   browser that started it, and nothing stored completes one.
 * - `finish` takes the row once (deleted as it is read): a replayed callback, one from another
 *   browser or one past 10 minutes finds nothing. `state` must match; the provider's answer is
 *   verified by the IdentityProvider (ID token signature, issuer, audience, expiry, nonce).
 * - Each refusal is an IdentityProviderRefusal: a status, words for the person, a reason for the log.
 */

export const OIDC_BINDING_COOKIE = 'lookout_oidc';
export const OIDC_SIGN_IN_MS = 10 * 60_000;
export const OIDC_CALLBACK_PATH = '/api/v1/session/oidc/callback';
/** Sign-ins started per client address in any minute: each leaves a row for 10 minutes. */
export const OIDC_STARTS_PER_MINUTE = 20;

const BINDING_PATTERN = /^lko_[A-Za-z0-9_-]{43}$/;
const MAX_CALLBACK_QUERY = 8192;

const START_AGAIN = 'This sign-in was not started in this browser, was already used, or took longer than 10 minutes. Start again from the sign-in page.';

export interface SignInOptions {
  /** Whether the email and password form is offered (false with LOOKOUT_OIDC_ONLY). */
  password: boolean;
  /** The identity provider's button, when one is configured. */
  oidc: { name: string; url: string } | null;
}

export class OidcSignInService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly provider: IdentityProvider | null,
    private readonly sessions: Pick<SessionService, 'openVerified' | 'refusedVerified'>,
    private readonly startsPerAddress: RateLimiter,
    private readonly options: { publicUrl: string; passwordSignIn: boolean },
    private readonly clock: Clock = systemClock,
  ) {}

  /** What the sign-in page offers. */
  signInOptions(): SignInOptions {
    return {
      password: this.options.passwordSignIn,
      oidc: this.provider ? { name: this.provider.name, url: '/api/v1/session/oidc' } : null,
    };
  }

  get redirectUri(): string {
    return `${this.options.publicUrl}${OIDC_CALLBACK_PATH}`;
  }

  /** Begins a sign-in: the browser secret for the cookie, and the provider's URL to send the browser to. */
  async start(ip: string): Promise<{ binding: string; url: string }> {
    const provider = this.requireProvider();
    const limit = await this.startsPerAddress.consume(ip);
    if (!limit.allowed)
      throw new IdentityProviderRefusal('Too many sign-ins were started from this address; wait a minute and try again.', 'start rate-limited', 429);
    const now = this.clock.now();
    await this.db.deleteFrom('oidc_sign_ins').where('expires_at', '<=', now).execute();
    const binding = `lko_${randomBytes(32).toString('base64url')}`;
    const state = randomBytes(32).toString('base64url');
    const nonce = randomBytes(32).toString('base64url');
    const url = await provider.authorizationUrl({ redirectUri: this.redirectUri, state, nonce, codeVerifier: codeVerifierOf(binding) });
    await this.db
      .insertInto('oidc_sign_ins')
      .values({ id: newId(now), binding_hash: digest(binding), state, nonce, created_at: now, expires_at: now + OIDC_SIGN_IN_MS })
      .execute();
    return { binding, url: url.href };
  }

  /** Completes a sign-in from the provider's callback; answers the session it opens. */
  async finish(binding: string | undefined, rawQuery: string, client: { ip: string; userAgent?: string }): Promise<OpenedSession> {
    const provider = this.requireProvider();
    if (rawQuery.length > MAX_CALLBACK_QUERY)
      throw new IdentityProviderRefusal('The sign-in answer is too long.', `callback query of ${rawQuery.length} characters`);
    if (binding === undefined || !BINDING_PATTERN.test(binding)) {
      throw new IdentityProviderRefusal(START_AGAIN, binding === undefined ? 'callback without the sign-in cookie' : 'malformed sign-in cookie');
    }
    const now = this.clock.now();
    // Taken once: of two callbacks with the same cookie, only the first finds the row.
    const row = await this.db
      .deleteFrom('oidc_sign_ins')
      .where('binding_hash', '=', digest(binding))
      .returning(['state', 'nonce', 'expires_at'])
      .executeTakeFirst();
    if (!row) throw new IdentityProviderRefusal(START_AGAIN, 'no sign-in under way for this cookie (used already, or replayed)');
    if (row.expires_at <= now) throw new IdentityProviderRefusal(START_AGAIN, 'sign-in older than 10 minutes');
    const query = new URLSearchParams(rawQuery);
    const state = query.get('state');
    if (state === null || !sameText(state, row.state)) {
      throw new IdentityProviderRefusal(
        'The answer does not belong to the sign-in this browser started (its state does not match). Start again.',
        state === null ? 'callback without state' : 'state does not match',
      );
    }
    const callbackUrl = new URL(this.redirectUri);
    callbackUrl.search = rawQuery;
    const identity = await provider.complete(callbackUrl, { state: row.state, nonce: row.nonce, codeVerifier: codeVerifierOf(binding) });
    if (identity.email === null) {
      throw new IdentityProviderRefusal(`${provider.name} did not share an email address, and Lookout matches people by their address.`, 'no email claim', 403);
    }
    const email = identity.email.toLowerCase();
    if (!identity.emailVerified) {
      // Someone holds, at the provider, an unverified claim to an account's address: its teams should know.
      const claimed = await this.db.selectFrom('users').select(['id']).where('email', '=', email).executeTakeFirst();
      if (claimed) await this.sessions.refusedVerified(claimed.id, client);
      throw new IdentityProviderRefusal(
        `${provider.name} has not verified the address ${identity.email}, so it cannot sign you in to Lookout.`,
        `email not verified (subject ${identity.subject})`,
        403,
      );
    }
    const user = await this.db.selectFrom('users').select(['id']).where('email', '=', email).executeTakeFirst();
    if (!user) {
      throw new IdentityProviderRefusal(
        `No Lookout account has the address ${identity.email}. Signing in does not create accounts: ask an Admin of your team to invite you.`,
        `no user with the provider's email (subject ${identity.subject})`,
        403,
      );
    }
    // The provider vouched for the address (contract-2 §H2 rule 17).
    await this.db
      .updateTable('users')
      .set((eb) => ({ verified_at: eb.fn.coalesce('verified_at', eb.val(now)) }))
      .where('id', '=', user.id)
      .execute();
    let opened: OpenedSession;
    try {
      // The session opens with its audit entry (action `signInWithOidc`) in one transaction.
      opened = await this.sessions.openVerified(user.id, client);
    } catch (error) {
      if (error instanceof Problem && error.code === 'forbidden') throw new IdentityProviderRefusal(error.detail, `user ${user.id} is in no team`, 403);
      throw error;
    }
    return opened;
  }

  private requireProvider(): IdentityProvider {
    if (!this.provider) throw new IdentityProviderRefusal('Sign-in with an identity provider is not set up on this Lookout.', 'OIDC is not configured', 404);
    return this.provider;
  }
}

/** The PKCE verifier of a sign-in: derived from the browser's secret, 43 base64url characters (RFC 7636). */
function codeVerifierOf(binding: string): string {
  return createHmac('sha256', binding).update('lookout-oidc-pkce-v1').digest('base64url');
}

function digest(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
