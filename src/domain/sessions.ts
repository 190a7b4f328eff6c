import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { RateLimiter } from './ports/coordination.js';
import { systemClock, type Clock } from './ports/clock.js';
import { prepared } from '../store/prepared.js';
import type { Database } from '../store/schema.js';
import { inTransaction } from '../store/transaction.js';
import type { AuditTrail } from './audit/trail.js';
import { requireRole, type Actor } from './actor.js';
import { newId } from './ids.js';
import { hashPassword, randomPassword, verifyPassword } from './passwords.js';
import { Problem, problems } from './problem.js';
import { ANY_ROLE, isRole } from './roles.js';
import { ROLES, type Role } from '../shared/vocabulary.js';
import { iso } from './time.js';
import { parseInput, uuid } from './validation.js';
import type { TwoFactorService } from './two-factor.js';

/*
 * Dashboard sessions: email and password in, an HttpOnly SameSite=Lax cookie out; state-changing
 * calls need the session's CSRF token.
 *
 * - The cookie holds `lks_` + 32 random bytes; the database keeps only its SHA-256, like tokens.
 * - A session acts in one selected team with the user's *current* role there, read on every request.
 * - It ends after 7 days without use or 30 days after sign-in, at sign-out, when the user chooses a
 *   new password, or when the member leaves the selected team (then another team of theirs is chosen).
 * - CSRF: every state-changing request made with the cookie must carry `X-CSRF-Token`, a value bound
 *   to the session: HMAC-SHA256 keyed with the cookie secret. Another site can neither read the
 *   cookie (HttpOnly) nor the token (same-origin policy), so it cannot forge the header; the server
 *   needs no extra state to check it.
 * - Sign-in is throttled per account (10 failures per 15 minutes) and per client address (50 per
 *   15 minutes); past either, 429 with Retry-After. An attempt spends its point before the password
 *   is checked and gets it back when the password is right.
 * - A user with two-factor sign-in (two-factor.ts) also sends a code or a recovery code: without
 *   one the right password is 401 `two-factor-required` (points given back, no session); a wrong
 *   one keeps the attempt's points spent, as a wrong password does.
 * - With `LOOKOUT_OIDC_ONLY` password sign-in is off: people sign in through the identity provider.
 */

export const SESSION_COOKIE = 'lookout_session';
export const CSRF_HEADER = 'x-csrf-token';

export const SESSION_IDLE_MS = 7 * 86_400_000;
export const SESSION_ABSOLUTE_MS = 30 * 86_400_000;
/** How stale `last_seen_at` may get before a request writes it again. */
const TOUCH_MS = 5 * 60_000;
export const PASSWORD_SETUP_MS = 7 * 86_400_000;

export const SIGN_IN_FAILURES_PER_ACCOUNT = 10;
export const SIGN_IN_FAILURES_PER_ADDRESS = 50;
export const SIGN_IN_WINDOW_SECONDS = 15 * 60;

const SESSION_PATTERN = /^lks_[A-Za-z0-9_-]{43}$/;
const SETUP_PATTERN = /^lkp_[A-Za-z0-9_-]{43}$/;

export const SIGN_IN_FAILED = 'The email or password is not correct.';
export const TWO_FACTOR_FAILED = 'The two-factor code is not correct, or was used already.';

/* Inputs */

/** The rule for a password a person chooses: the same bounds `lookout user create` applies. */
export const NewPassword = z.string().min(12).max(1024).describe('At least 12 and at most 1024 characters.');

export const SignInInput = z.strictObject({
  email: z.email().max(320).describe('The email address the account was created with (any case).'),
  password: z.string().min(1).max(1024),
  code: z.string().min(1).max(20).optional().describe('With two-factor sign-in on: the 6-digit code from the authenticator app.'),
  recoveryCode: z.string().min(1).max(64).optional().describe('With two-factor sign-in on, in place of `code`: one of the recovery codes (each works once).'),
});

export const SwitchTeamInput = z.strictObject({
  teamId: uuid().describe('A team the signed-in user is a member of.'),
});

export const SetPasswordInput = z.strictObject({
  token: z.string().min(1).max(200).describe('The secret from the set-password link (the part after `#`).'),
  password: NewPassword,
});

export const ChangePasswordInput = z.strictObject({
  currentPassword: z.string().min(1).max(1024).describe('The password the account signs in with now.'),
  newPassword: NewPassword,
});

/* Records */

export const SessionTeam = z.object({ id: z.string(), name: z.string(), role: z.enum(ROLES) });
export type SessionTeam = z.infer<typeof SessionTeam>;

export const SessionRecord = z.object({
  user: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  team: SessionTeam.describe('The team the session acts in, with the user’s current role there.'),
  teams: z.array(SessionTeam).describe('Every team of the user, for the team switcher.'),
  csrfToken: z.string().describe('Send it as the `X-CSRF-Token` header on every POST, PUT, PATCH and DELETE made with the session cookie.'),
  expiresAt: z.string().describe('When the session ends at the latest (it also ends after 7 days without use).'),
  twoFactor: z.object({
    enabled: z.boolean().describe('Whether the user signs in with a second factor (TOTP).'),
    requiredByTeam: z.boolean().describe('Whether the session’s team requires one: the dashboard sends a user without one to enrol first.'),
  }),
});
export type SessionRecord = z.infer<typeof SessionRecord>;

/** What password sign-in depends on besides the store: the second factor, and whether it is on at all. */
export interface PasswordSignInRules {
  twoFactor: Pick<TwoFactorService, 'checkSignIn' | 'enabled'>;
  /** False with LOOKOUT_OIDC_ONLY: password sign-in is refused. */
  passwordSignIn: boolean;
  /** The identity provider's name, for the refusal's words. */
  providerName?: string | undefined;
}

export interface OpenedSession {
  /** The cookie value: returned once, stored only as a digest. */
  secret: string;
  session: SessionRecord;
}

function digest(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

function newSecret(prefix: string): string {
  return `${prefix}_${randomBytes(32).toString('base64url')}`;
}

/** The dashboard page that takes a set-password link's secret (in the fragment, never sent to a server log). */
export function setPasswordUrl(publicUrl: string, secret: string): string {
  return `${publicUrl}/set-password#${secret}`;
}

/** The CSRF token of a session: derived from the cookie secret, so nothing more is stored. */
export function csrfTokenFor(secret: string): string {
  return createHmac('sha256', secret).update('lookout-csrf-v1').digest('base64url');
}

export function csrfTokenMatches(secret: string, header: string | undefined): boolean {
  if (!header) return false;
  const expected = Buffer.from(csrfTokenFor(secret));
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

interface SessionRow {
  id: string;
  user_id: string;
  team_id: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export class SessionService {
  /** The session with the member's current role in its team: one indexed lookup on every request. */
  private readonly findActive;
  private dummyHash: Promise<string> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly failuresPerAccount: RateLimiter,
    private readonly failuresPerAddress: RateLimiter,
    /** Whether the cookie gets `Secure` (the public URL is https). */
    readonly secureCookies = false,
    /** Session and set-password link expiry are read on it. */
    private readonly clock: Clock = systemClock,
    private readonly rules: PasswordSignInRules | null = null,
    /** Where sign-ins and failed sign-ins are written (the audit log); none in tests that build the service alone. */
    private readonly audit?: Pick<AuditTrail, 'signedIn' | 'signInFailed'>,
  ) {
    this.findActive = prepared(db, (tokenHash: string) =>
      db
        .selectFrom('sessions as s')
        .innerJoin('memberships as m', (join) => join.onRef('m.team_id', '=', 's.team_id').onRef('m.user_id', '=', 's.user_id'))
        .select(['s.id', 's.user_id', 's.team_id', 's.expires_at', 's.last_seen_at', 'm.role'])
        .where('s.token_hash', '=', tokenHash)
        .where('s.revoked_at', 'is', null),
    );
  }

  /** Checks email and password and opens a session in the user's first team. */
  async signIn(input: unknown, client: { ip: string; userAgent?: string }): Promise<OpenedSession> {
    this.requirePasswordSignIn();
    const { email, password, code, recoveryCode } = parseInput(SignInInput, input);
    const account = email.toLowerCase();
    // Every attempt spends its points before the password is looked at, so that a burst of
    // parallel guesses cannot all pass the check before the first failure is counted, and an
    // attempt over the limit costs no hashing. A correct password gives its points back.
    // The address is asked first: the account's window is keyed by whatever address the client
    // typed, so an address over its limit must open none, or a flood of made-up addresses would
    // fill the limiter with a window each for the whole 15 minutes.
    const byAddress = await this.failuresPerAddress.consume(client.ip);
    const byAccount = byAddress.allowed ? await this.failuresPerAccount.consume(account) : null;
    if (!byAddress.allowed || !byAccount!.allowed) {
      if (byAddress.allowed) await this.failuresPerAddress.refund(client.ip);
      const wait = Math.max(byAddress.allowed ? 0 : byAddress.resetSeconds, byAccount && !byAccount.allowed ? byAccount.resetSeconds : 0);
      throw new Problem('rate-limited', `Too many failed sign-in attempts; try again in ${Math.ceil(wait / 60)} minute(s).`, {
        retryAfter: wait,
      });
    }
    const user = await this.db.selectFrom('users').select(['id', 'email', 'name', 'password_hash']).where('email', '=', account).executeTakeFirst();
    // Without a user or a password, a hash is still checked so that the answer takes as long.
    const ok = await verifyPassword(password, user?.password_hash ?? (await this.dummy()));
    if (!user || user.password_hash === null || !ok) {
      await this.audit?.signInFailed(user?.id ?? null, { surface: 'dashboard', ip: client.ip });
      throw new Problem('unauthorized', SIGN_IN_FAILED);
    }
    const second = this.rules ? await this.rules.twoFactor.checkSignIn(user.id, { code, recoveryCode }) : 'not-enrolled';
    // A wrong code keeps the attempt's points spent, as a wrong password does, and is a failed sign-in.
    if (second === 'refused') {
      await this.audit?.signInFailed(user.id, { surface: 'dashboard', ip: client.ip });
      throw new Problem('unauthorized', TWO_FACTOR_FAILED);
    }
    await Promise.all([this.failuresPerAccount.refund(account), this.failuresPerAddress.refund(client.ip)]);
    if (second === 'missing') {
      throw new Problem('two-factor-required', 'This account signs in with a second factor: send `code` (from the authenticator app) or `recoveryCode`.');
    }
    return this.open(user.id, client, 'signIn');
  }

  /**
   * Opens a session for a user the identity provider vouched for (OIDC sign-in: its verified email
   * matched this existing user). The second factor is the provider's business, not asked again.
   */
  openVerified(userId: string, client: { ip: string; userAgent?: string }): Promise<OpenedSession> {
    return this.open(userId, client, 'signInWithOidc');
  }

  /** A sign-in through the identity provider refused for a known account: its teams' log shows the attempt. */
  async refusedVerified(userId: string, client: { ip: string }): Promise<void> {
    await this.audit?.signInFailed(userId, { surface: 'dashboard', ip: client.ip });
  }

  private requirePasswordSignIn(): void {
    if (this.rules && !this.rules.passwordSignIn) {
      throw new Problem('forbidden', `Password sign-in is turned off here; sign in with ${this.rules.providerName ?? 'your identity provider'}.`);
    }
  }

  /** The session of a cookie, with its user and teams; 401 when it is missing, unknown, ended or revoked. */
  async current(secret: string | undefined): Promise<SessionRecord> {
    const row = await this.activeRow(secret);
    let teams = await this.teamsOf(row.user_id);
    if (teams.length === 0) {
      await this.revokeRow(row.id);
      throw problems.unauthorized();
    }
    let team = teams.find((t) => t.id === row.team_id);
    if (!team) {
      // The member left or was removed from the selected team: carry on in another of theirs.
      team = teams[0]!;
      await this.db.updateTable('sessions').set({ team_id: team.id }).where('id', '=', row.id).execute();
      teams = await this.teamsOf(row.user_id);
    }
    return this.record(secret!, row, team, teams);
  }

  /** Resolves a cookie to the acting member (REST calls). Every failure is the same 401. */
  async authenticate(secret: string | undefined, now = this.clock.now()): Promise<Actor> {
    if (!secret || !SESSION_PATTERN.test(secret)) throw problems.unauthorized();
    const [row] = await this.findActive(digest(secret));
    if (!row || !isRole(row.role) || !alive(row, now)) throw problems.unauthorized();
    if (now - row.last_seen_at > TOUCH_MS) {
      await this.db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', row.id).execute();
    }
    return { tokenId: `session:${row.id}`, userId: row.user_id, teamId: row.team_id, role: row.role };
  }

  /** Whether a session (by row id) still admits its member to the team (long-lived streams re-check this). */
  async stillActive(sessionId: string, teamId: string, now = this.clock.now()): Promise<boolean> {
    const row = await this.db
      .selectFrom('sessions as s')
      .innerJoin('memberships as m', (join) => join.onRef('m.team_id', '=', 's.team_id').onRef('m.user_id', '=', 's.user_id'))
      .select(['s.id', 's.team_id', 's.expires_at', 's.last_seen_at'])
      .where('s.id', '=', sessionId)
      .where('s.revoked_at', 'is', null)
      .executeTakeFirst();
    return !!row && row.team_id === teamId && alive(row, now);
  }

  /** Ends the session of the cookie. Needs the CSRF token when the session is still active; ending nothing is fine. */
  async signOut(secret: string | undefined, csrfToken: string | undefined): Promise<void> {
    let row: SessionRow;
    try {
      row = await this.activeRow(secret);
    } catch {
      return;
    }
    requireCsrf(secret!, csrfToken);
    await this.revokeRow(row.id);
  }

  /** Moves the session to another team of the user. */
  async switchTeam(secret: string | undefined, csrfToken: string | undefined, input: unknown): Promise<SessionRecord> {
    const row = await this.activeRow(secret);
    requireCsrf(secret!, csrfToken);
    const { teamId } = parseInput(SwitchTeamInput, input);
    const teams = await this.teamsOf(row.user_id);
    const team = teams.find((t) => t.id === teamId);
    if (!team) throw problems.invalidField('teamId', 'is not a team you are a member of');
    await this.db.updateTable('sessions').set({ team_id: team.id }).where('id', '=', row.id).execute();
    return this.record(secret!, { ...row, team_id: team.id }, team, teams);
  }

  /**
   * A one-time link secret for a user to choose a password (invitations, the operator's reset).
   * Earlier unused links of the user stop working. Only the digest is stored. `verifies`: using
   * the link verifies the account (it goes to the address by mail, or the operator made it).
   */
  async createPasswordSetup(
    userId: string,
    origin: { createdBy: string | null; verifies: boolean },
    db: Kysely<Database> = this.db,
  ): Promise<{ secret: string; expiresAt: string }> {
    const now = this.clock.now();
    const secret = newSecret('lkp');
    await inTransaction(db, async (trx) => {
      await trx
        .deleteFrom('password_setups')
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<=', now)]))
        .execute();
      await trx.updateTable('password_setups').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
      await trx
        .insertInto('password_setups')
        .values({
          id: newId(now),
          token_hash: digest(secret),
          user_id: userId,
          created_by: origin.createdBy,
          created_at: now,
          expires_at: now + PASSWORD_SETUP_MS,
          used_at: null,
          verifies: origin.verifies ? 1 : 0,
        })
        .execute();
    });
    return { secret, expiresAt: iso(now + PASSWORD_SETUP_MS) };
  }

  /** Sets a password through a set-password link, ends the user's other sessions and signs in. */
  async setPassword(input: unknown, client: { ip: string; userAgent?: string }): Promise<OpenedSession> {
    this.requirePasswordSignIn();
    // Spent before the link is looked up (and given back when the link is good or the body is not
    // even a guess), like sign-in attempts.
    const byAddress = await this.failuresPerAddress.consume(client.ip);
    if (!byAddress.allowed) {
      throw new Problem('rate-limited', 'Too many failed attempts from this address; try again later.', { retryAfter: byAddress.resetSeconds });
    }
    let parsed: z.infer<typeof SetPasswordInput>;
    try {
      parsed = parseInput(SetPasswordInput, input);
    } catch (error) {
      await this.failuresPerAddress.refund(client.ip);
      throw error;
    }
    const { token, password } = parsed;
    const now = this.clock.now();
    const setup = SETUP_PATTERN.test(token)
      ? await this.db
          .selectFrom('password_setups')
          .select(['id', 'user_id', 'expires_at', 'verifies'])
          .where('token_hash', '=', digest(token))
          .where('used_at', 'is', null)
          .executeTakeFirst()
      : undefined;
    if (!setup || setup.expires_at <= now) {
      throw problems.invalidField('token', 'is not a valid set-password link; it may have been used or have expired');
    }
    await this.failuresPerAddress.refund(client.ip);
    const hash = await hashPassword(password);
    await this.db.transaction().execute(async (trx) => {
      // Used once: of two requests with the same link, only the first to write it goes on.
      const claimed = await trx.updateTable('password_setups').set({ used_at: now }).where('id', '=', setup.id).where('used_at', 'is', null).executeTakeFirst();
      if (claimed.numUpdatedRows === 0n) throw problems.invalidField('token', 'is not a valid set-password link; it may have been used or have expired');
      // A link acts only for a member of the team that made it; without a team there is nothing to join.
      const member = await trx.selectFrom('memberships').select('team_id').where('user_id', '=', setup.user_id).executeTakeFirst();
      if (!member) throw new Problem('forbidden', 'Your account is not a member of any team yet; ask a team Owner to add you.');
      // A link that reached the address (mailed, or made by the operator) verifies the account;
      // any other leaves it as it was.
      await trx
        .updateTable('users')
        .set((eb) => ({ password_hash: hash, verified_at: setup.verifies ? eb.fn.coalesce('verified_at', eb.val(now)) : eb.ref('verified_at') }))
        .where('id', '=', setup.user_id)
        .execute();
      await trx.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', setup.user_id).where('revoked_at', 'is', null).execute();
    });
    return this.open(setup.user_id, client, 'setPassword');
  }

  /**
   * Changes the signed-in user's own password, given the current one. A wrong current password
   * spends the account's sign-in failures (so this is no faster way to guess it) and is 400 on
   * `currentPassword`. Every other session of the user ends; the one that made the change stays.
   * Personal access tokens stay: they are credentials of their own, listed and revoked apart.
   */
  async changePassword(actor: Actor, input: unknown): Promise<void> {
    requireRole(actor, ANY_ROLE);
    const { currentPassword, newPassword } = parseInput(ChangePasswordInput, input);
    await this.checkOwnPassword(actor, currentPassword);
    const hash = await hashPassword(newPassword);
    const now = this.clock.now();
    const keep = actor.tokenId.startsWith('session:') ? actor.tokenId.slice('session:'.length) : null;
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ password_hash: hash }).where('id', '=', actor.userId).execute();
      let others = trx.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', actor.userId).where('revoked_at', 'is', null);
      if (keep !== null) others = others.where('id', '<>', keep);
      await others.execute();
    });
  }

  /**
   * Judges the signed-in user's current password before a change to their own account. A wrong
   * one spends the account's sign-in failures (so this is no faster way to guess it) and is 400 on
   * `currentPassword`; past the limit, 429 whatever the password.
   */
  async checkOwnPassword(actor: Actor, currentPassword: string): Promise<void> {
    const user = await this.db.selectFrom('users').select(['email', 'password_hash']).where('id', '=', actor.userId).executeTakeFirstOrThrow();
    const limit = await this.failuresPerAccount.consume(user.email);
    if (!limit.allowed) {
      throw new Problem('rate-limited', `Too many wrong passwords; try again in ${Math.ceil(limit.resetSeconds / 60)} minute(s).`, {
        retryAfter: limit.resetSeconds,
      });
    }
    const ok = await verifyPassword(currentPassword, user.password_hash ?? (await this.dummy()));
    if (user.password_hash === null || !ok) throw problems.invalidField('currentPassword', 'is not your current password');
    await this.failuresPerAccount.refund(user.email);
  }

  /** Opens a session in the user's first team; `action` names it in that team's audit log (signIn, setPassword). */
  private async open(userId: string, client: { ip: string; userAgent?: string }, action: string): Promise<OpenedSession> {
    const teams = await this.teamsOf(userId);
    if (teams.length === 0) throw new Problem('forbidden', 'Your account is not a member of any team yet; ask a team Owner to add you.');
    const now = this.clock.now();

    const secret = newSecret('lks');
    const row: SessionRow = {
      id: newId(now),
      user_id: userId,
      team_id: teams[0]!.id,
      created_at: now,
      last_seen_at: now,
      expires_at: now + SESSION_ABSOLUTE_MS,
      revoked_at: null,
    };
    // The session and its sign-in entry in the audit log commit together.
    await this.db.transaction().execute(async (trx) => {
      // Sessions of this user that can no longer be used are of no further interest: keep the table small.
      await trx
        .deleteFrom('sessions')
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('revoked_at', 'is not', null), eb('expires_at', '<=', now), eb('last_seen_at', '<=', now - SESSION_IDLE_MS)]))
        .execute();
      await trx
        .insertInto('sessions')
        .values({ ...row, token_hash: digest(secret), ip: client.ip, user_agent: client.userAgent?.slice(0, 300) ?? null })
        .execute();
      await this.audit?.signedIn(trx, { id: userId }, row.team_id, { surface: 'dashboard', ip: client.ip }, action);
    });
    return { secret, session: await this.record(secret, row, teams[0]!, teams) };
  }

  private async activeRow(secret: string | undefined, now = this.clock.now()): Promise<SessionRow> {
    if (!secret || !SESSION_PATTERN.test(secret)) throw problems.unauthorized();
    const row = await this.db
      .selectFrom('sessions')
      .select(['id', 'user_id', 'team_id', 'created_at', 'last_seen_at', 'expires_at', 'revoked_at'])
      .where('token_hash', '=', digest(secret))
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (!row || !alive(row, now)) throw problems.unauthorized();
    return row;
  }

  private async revokeRow(id: string): Promise<void> {
    await this.db.updateTable('sessions').set({ revoked_at: this.clock.now() }).where('id', '=', id).where('revoked_at', 'is', null).execute();
  }

  private async teamsOf(userId: string): Promise<SessionTeam[]> {
    const rows = await this.db
      .selectFrom('memberships as m')
      .innerJoin('teams as t', 't.id', 'm.team_id')
      .select(['t.id', 't.name', 'm.role', 'm.joined_at'])
      .where('m.user_id', '=', userId)
      .orderBy('m.joined_at')
      .orderBy('t.id')
      .execute();
    return rows.filter((r) => isRole(r.role)).map((r) => ({ id: r.id, name: r.name, role: r.role as Role }));
  }

  private async record(secret: string, row: SessionRow, team: SessionTeam, teams: SessionTeam[]): Promise<SessionRecord> {
    const user = await this.db.selectFrom('users').select(['id', 'email', 'name']).where('id', '=', row.user_id).executeTakeFirstOrThrow();
    const [enabled, required] = await Promise.all([
      this.rules ? this.rules.twoFactor.enabled(row.user_id) : false,
      this.db.selectFrom('teams').select('require_two_factor').where('id', '=', team.id).executeTakeFirst(),
    ]);
    return {
      user,
      team,
      teams,
      csrfToken: csrfTokenFor(secret),
      expiresAt: iso(row.expires_at),
      twoFactor: { enabled, requiredByTeam: required?.require_two_factor === 1 },
    };
  }

  private dummy(): Promise<string> {
    this.dummyHash ??= hashPassword(randomPassword());
    return this.dummyHash;
  }
}

function alive(row: { expires_at: number; last_seen_at: number }, now: number): boolean {
  return row.expires_at > now && row.last_seen_at + SESSION_IDLE_MS > now;
}

function requireCsrf(secret: string, header: string | undefined): void {
  if (!csrfTokenMatches(secret, header)) throw csrfProblem();
}

export function csrfProblem(headers?: Record<string, string>): Problem {
  return new Problem('forbidden', 'This request needs a valid X-CSRF-Token header (CSRF protection for signed-in sessions).', headers ? { headers } : {});
}
