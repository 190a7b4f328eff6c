import type { RateLimiter } from './ports/coordination.js';
import type { Actor } from './actor.js';
import { Problem } from './problem.js';
import { csrfProblem, csrfTokenMatches, type SessionService } from './sessions.js';
import type { TokenService } from './tokens.js';

export const REQUESTS_PER_MINUTE = 300;
/** Failed authentications one client address may make per minute before it is slowed down. */
export const AUTH_FAILURES_PER_MINUTE = 100;

/**
 * What a browser brings instead of a bearer token: the session cookie, the `X-CSRF-Token` header and
 * the method. Used only when the request has no Authorization header.
 */
export interface SessionCredentials {
  cookie: string | undefined;
  csrfToken: string | undefined;
  method: string;
}

/** Methods that change state; with a session cookie they need the CSRF token. */
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface Admission {
  actor: Actor;
  /** RateLimit-* headers for the answer, whatever it turns out to be. */
  headers: Record<string, string>;
}

/**
 * The first two steps of judging any API call, shared by REST and MCP:
 * who is calling (401), and whether their token's budget allows it (429).
 *
 * Failed authentications are counted per client address, and past the limit the address's failing
 * requests are answered 429 instead of 401. Only requests that fail are refused: a valid token or
 * session is admitted whatever others sent from the same address (one office behind one NAT), and
 * judging a credential is one SHA-256 and one indexed lookup, so a flood of guesses stays cheap.
 */
export class AccessService {
  constructor(
    private readonly tokens: TokenService,
    private readonly budget: RateLimiter,
    private readonly authFailures: RateLimiter,
    /** Dashboard sessions; without them only bearer tokens are admitted. */
    private readonly sessions?: SessionService,
  ) {}

  /**
   * A request with an Authorization header is judged by its bearer token, exactly as before. One
   * without it but with a session cookie acts as the session's member, on the session's own budget
   * (`session:<id>`), and must carry the CSRF token on state-changing methods (403 after 401 and 429).
   */
  async admit(authorization: string | undefined, clientAddress: string, session?: SessionCredentials): Promise<Admission> {
    const bySession = authorization === undefined && this.sessions !== undefined && session?.cookie !== undefined;
    const actor = await this.authenticate(authorization, clientAddress, session);
    const headers = await this.spend(actor, 1);
    if (bySession && STATE_CHANGING.has(session.method) && !csrfTokenMatches(session.cookie!, session.csrfToken)) {
      throw csrfProblem(headers);
    }
    return { actor, headers };
  }

  /**
   * Who is calling (401), without spending from any budget. A failure counts against the client
   * address; once the address is over its limit, failures are 429 with Retry-After instead.
   */
  async authenticate(authorization: string | undefined, clientAddress: string, session?: SessionCredentials): Promise<Actor> {
    const bySession = authorization === undefined && this.sessions !== undefined && session?.cookie !== undefined;
    try {
      return bySession ? await this.sessions.authenticate(session.cookie) : await this.tokens.authenticate(authorization);
    } catch (error) {
      if (!(error instanceof Problem) || error.code !== 'unauthorized') throw error;
      const failures = await this.authFailures.consume(clientAddress);
      if (!failures.allowed) {
        throw new Problem('rate-limited', 'Too many failed authentication attempts from this address; try again later.', {
          retryAfter: failures.resetSeconds,
        });
      }
      throw error;
    }
  }

  /**
   * Spends `units` of the caller's per-minute budget at once (one per REST call; one per message of
   * an MCP batch). Returns the RateLimit-* headers for the answer; when fewer units are left, nothing
   * is spent and the call is refused whole (429).
   */
  async spend(actor: Actor, units: number): Promise<Record<string, string>> {
    const decision = await this.budget.consume(actor.tokenId, units);
    const headers = {
      'RateLimit-Limit': String(decision.limit),
      'RateLimit-Remaining': String(decision.remaining),
      'RateLimit-Reset': String(decision.resetSeconds),
    };
    if (!decision.allowed) {
      const detail =
        units === 1
          ? `This token has used its ${decision.limit} requests per minute.`
          : `This call needs ${units} of the token's ${decision.limit} requests per minute and ${decision.remaining} are left.`;
      throw new Problem('rate-limited', detail, { retryAfter: decision.resetSeconds, headers });
    }
    return headers;
  }
}
