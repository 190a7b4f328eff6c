import type { RateLimiter } from '../coordination/ports.js';
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
    const failures = await this.authFailures.peek(clientAddress);
    if (!failures.allowed) {
      throw new Problem('rate-limited', 'Too many failed authentication attempts from this address; try again later.', {
        retryAfter: failures.resetSeconds,
      });
    }
    let actor: Actor;
    const bySession = authorization === undefined && this.sessions !== undefined && session?.cookie !== undefined;
    try {
      actor = bySession ? await this.sessions!.authenticate(session!.cookie) : await this.tokens.authenticate(authorization);
    } catch (error) {
      await this.authFailures.consume(clientAddress);
      throw error;
    }
    const decision = await this.budget.consume(actor.tokenId);
    const headers = {
      'RateLimit-Limit': String(decision.limit),
      'RateLimit-Remaining': String(decision.remaining),
      'RateLimit-Reset': String(decision.resetSeconds),
    };
    if (!decision.allowed) {
      throw new Problem('rate-limited', `This token has used its ${decision.limit} requests per minute.`, {
        retryAfter: decision.resetSeconds,
        headers,
      });
    }
    if (bySession && STATE_CHANGING.has(session!.method) && !csrfTokenMatches(session!.cookie!, session!.csrfToken)) {
      throw csrfProblem(headers);
    }
    return { actor, headers };
  }
}
