import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import { isSessionActor, requireRole, type Actor } from './actor.js';
import { newId } from './ids.js';
import type { RateLimiter } from './ports/coordination.js';
import { systemClock, type Clock } from './ports/clock.js';
import { Problem, problems } from './problem.js';
import { ANY_ROLE } from './roles.js';
import type { SecretBox } from './secrets/secret-box.js';
import { twoFactorSecretAt } from './secrets/places.js';
import { parseInput } from './validation.js';

/*
 * Two-factor sign-in with TOTP (RFC 6238): SHA-1, 6 digits, 30-second steps, the parameters every
 * authenticator app reads from an `otpauth://` URI.
 *
 * - The key is 160 bits (RFC 4226's recommended length), sealed at rest like every stored secret.
 * - A code is taken for its own step or the one before or after (clocks drift), and only once: the
 *   step of the last code taken is kept, and a code of that step or an earlier one is refused, so a
 *   code seen over a shoulder or in a log is worth nothing afterwards.
 * - Ten recovery codes are made at confirmation and shown once; only their SHA-256 is stored (they
 *   are 50 random bits each, not something a person chose, so a fast hash suffices). Each works once.
 * - A wrong code spends the account's sign-in failures exactly as a wrong password does.
 */

export const RECOVERY_CODE_COUNT = 10;
const ISSUER = 'Lookout';
const PERIOD_SECONDS = 30;
/** Steps either side of now a code is still taken for. */
const WINDOW = 1;
const TOTP_CODE = /^\d{6}$/;
/** Crockford-like alphabet without look-alikes: 32 symbols, 5 bits each. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ0123456789';

export const TwoFactorCodeInput = z.strictObject({
  code: z.string().min(1).max(64).describe('A 6-digit code from the authenticator app (or, to turn two-factor off, one of the recovery codes).'),
});

export const TwoFactorEnrolment = z.object({
  otpauthUri: z.string().describe('The `otpauth://totp/…` URI to show as a QR code to the authenticator app.'),
  secretBase32: z.string().describe('The same 160-bit key in base32, for typing into the app by hand.'),
});
export type TwoFactorEnrolment = z.infer<typeof TwoFactorEnrolment>;

export const RecoveryCodes = z.object({
  recoveryCodes: z.array(z.string()).describe('Ten single-use recovery codes, shown this once: each signs in once in place of a code.'),
});

/** What a password sign-in brings besides the password. */
export interface SecondFactorInput {
  code?: string | undefined;
  recoveryCode?: string | undefined;
}

/** The result of judging a password sign-in's second factor. */
export type SecondFactorCheck = 'not-enrolled' | 'missing' | 'accepted' | 'refused';

export class TwoFactorService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly box: SecretBox,
    /** The same per-account limiter as sign-in: a wrong code spends what a wrong password spends. */
    private readonly failuresPerAccount: RateLimiter,
    private readonly clock: Clock = systemClock,
  ) {}

  /**
   * Starts (or starts again) an enrolment: a new key, not in force until `confirm`. Only from a
   * signed-in session: a personal access token must not be able to tie its user's sign-in to a
   * device of whoever holds the token.
   */
  async enrol(actor: Actor): Promise<TwoFactorEnrolment> {
    requireSession(actor);
    const user = await this.user(actor.userId);
    const existing = await this.row(actor.userId);
    if (existing?.confirmed_at != null) {
      throw problems.validation([{ field: 'code', message: 'two-factor sign-in is already on; turn it off first to enrol another device' }]);
    }
    const secret = new Secret({ size: 20 });
    const sealed = this.box.seal(secret.base32, twoFactorSecretAt(actor.userId));
    const now = this.clock.now();
    await this.db
      .insertInto('two_factor')
      .values({ id: actor.userId, secret: sealed, created_at: now, confirmed_at: null, last_step: 0 })
      .onConflict((oc) => oc.column('id').doUpdateSet({ secret: sealed, created_at: now, confirmed_at: null, last_step: 0 }))
      .execute();
    return { otpauthUri: totpOf(secret, user.email).toString(), secretBase32: secret.base32 };
  }

  /** Confirms an enrolment with a first code: from now on password sign-in asks for a code. Answers the recovery codes, once. */
  async confirm(actor: Actor, input: unknown): Promise<{ recoveryCodes: string[] }> {
    requireSession(actor);
    const { code } = parseInput(TwoFactorCodeInput, input);
    const user = await this.user(actor.userId);
    const row = await this.row(actor.userId);
    if (!row || row.confirmed_at !== null) {
      throw problems.invalidField('code', row ? 'two-factor sign-in is already on' : 'there is no enrolment to confirm; start one first');
    }
    await this.judged(user.email, () => this.takeCode(actor.userId, row.secret, code));
    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
    const now = this.clock.now();
    await this.db.transaction().execute(async (trx) => {
      const confirmed = await trx
        .updateTable('two_factor')
        .set({ confirmed_at: now })
        .where('id', '=', actor.userId)
        .where('confirmed_at', 'is', null)
        .executeTakeFirst();
      if (confirmed.numUpdatedRows === 0n) throw problems.invalidField('code', 'two-factor sign-in is already on');
      await trx.deleteFrom('two_factor_recovery_codes').where('user_id', '=', actor.userId).execute();
      await trx
        .insertInto('two_factor_recovery_codes')
        .values(recoveryCodes.map((c) => ({ id: newId(now), user_id: actor.userId, code_hash: digest(normalizeRecovery(c)), used_at: null })))
        .execute();
    });
    return { recoveryCodes };
  }

  /** Turns two-factor sign-in off, given a current code or an unused recovery code. */
  async disable(actor: Actor, input: unknown): Promise<void> {
    requireSession(actor);
    const { code } = parseInput(TwoFactorCodeInput, input);
    const user = await this.user(actor.userId);
    const row = await this.row(actor.userId);
    if (row?.confirmed_at == null) throw problems.invalidField('code', 'two-factor sign-in is not on');
    await this.judged(user.email, () =>
      TOTP_CODE.test(code.trim()) ? this.takeCode(actor.userId, row.secret, code) : this.takeRecoveryCode(actor.userId, code),
    );
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('two_factor_recovery_codes').where('user_id', '=', actor.userId).execute();
      await trx.deleteFrom('two_factor').where('id', '=', actor.userId).execute();
    });
  }

  /** Whether the user has a confirmed second factor. */
  async enabled(userId: string): Promise<boolean> {
    const row = await this.db.selectFrom('two_factor').select('confirmed_at').where('id', '=', userId).executeTakeFirst();
    return row?.confirmed_at != null;
  }

  /**
   * Judges the second factor of a password sign-in whose password was right. The caller spent the
   * attempt's sign-in points already and keeps them spent on `refused`.
   */
  async checkSignIn(userId: string, input: SecondFactorInput): Promise<SecondFactorCheck> {
    const row = await this.row(userId);
    if (row?.confirmed_at == null) return 'not-enrolled';
    if (input.code !== undefined) return (await this.takeCode(userId, row.secret, input.code)) ? 'accepted' : 'refused';
    if (input.recoveryCode !== undefined) return (await this.takeRecoveryCode(userId, input.recoveryCode)) ? 'accepted' : 'refused';
    return 'missing';
  }

  /** Spends the account's failure point before `check`, and gives it back when the check passes. */
  private async judged(email: string, check: () => Promise<boolean>): Promise<void> {
    const limit = await this.failuresPerAccount.consume(email);
    if (!limit.allowed) {
      throw new Problem('rate-limited', `Too many wrong codes; try again in ${Math.ceil(limit.resetSeconds / 60)} minute(s).`, {
        retryAfter: limit.resetSeconds,
      });
    }
    if (!(await check())) throw problems.invalidField('code', 'is not a valid code, or was used already');
    await this.failuresPerAccount.refund(email);
  }

  /** Takes a TOTP code once: true when it is right for now (±1 step) and of a step after the last one taken. */
  private async takeCode(userId: string, sealed: string, code: string): Promise<boolean> {
    const token = code.replace(/\s/g, '');
    if (!TOTP_CODE.test(token)) return false;
    const secret = Secret.fromBase32(this.box.open(sealed, twoFactorSecretAt(userId)));
    const timestamp = this.clock.now();
    const delta = TOTP.validate({ token, secret, period: PERIOD_SECONDS, timestamp, window: WINDOW });
    if (delta === null) return false;
    const step = TOTP.counter({ period: PERIOD_SECONDS, timestamp }) + delta;
    // Of two requests with the same code, only the first to write its step goes on.
    const taken = await this.db.updateTable('two_factor').set({ last_step: step }).where('id', '=', userId).where('last_step', '<', step).executeTakeFirst();
    return taken.numUpdatedRows > 0n;
  }

  private async takeRecoveryCode(userId: string, code: string): Promise<boolean> {
    const normalized = normalizeRecovery(code);
    if (normalized.length !== 10) return false;
    const used = await this.db
      .updateTable('two_factor_recovery_codes')
      .set({ used_at: this.clock.now() })
      .where('user_id', '=', userId)
      .where('code_hash', '=', digest(normalized))
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return used.numUpdatedRows > 0n;
  }

  private row(userId: string) {
    return this.db.selectFrom('two_factor').select(['secret', 'confirmed_at', 'last_step']).where('id', '=', userId).executeTakeFirst();
  }

  private user(userId: string) {
    return this.db.selectFrom('users').select(['email']).where('id', '=', userId).executeTakeFirstOrThrow();
  }
}

function requireSession(actor: Actor): void {
  requireRole(actor, ANY_ROLE);
  if (!isSessionActor(actor)) throw new Problem('forbidden', 'Two-factor sign-in is set up from a signed-in dashboard session, not with a token.');
}

function totpOf(secret: Secret, email: string): TOTP {
  return new TOTP({ issuer: ISSUER, label: email, secret, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS });
}

/** `ABCDE-FGHJK`: 10 symbols of 5 bits (50 random bits). */
function recoveryCode(): string {
  const bytes = randomBytes(10);
  const symbols = Array.from(bytes, (b) => RECOVERY_ALPHABET[b & 31]).join('');
  return `${symbols.slice(0, 5)}-${symbols.slice(5)}`;
}

/** Any case, with or without the dash or spaces. */
function normalizeRecovery(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '').slice(0, 64);
}

function digest(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
