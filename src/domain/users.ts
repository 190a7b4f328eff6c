import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import { requireRole, type Actor } from './actor.js';
import { newId } from './ids.js';
import { ANY_ROLE } from './roles.js';
import { systemClock, type Clock } from './ports/clock.js';
import { hashPassword } from './passwords.js';
import { Problem, problems } from './problem.js';
import { parseInput, text } from './validation.js';

const UserInput = z.strictObject({
  email: z.email().max(320),
  name: text(200).optional(),
  password: z.string().min(12).max(1024).optional(),
});

export const UpdateProfileInput = z.strictObject({
  name: text(200).describe('Your name as your team sees it: 1-200 characters.'),
});

export const ProfileRecord = z.object({ id: z.string(), email: z.string(), name: z.string() });

export interface UserSummary {
  id: string;
  email: string;
  name: string;
}

/** A user as the membership rules read it. */
export interface UserAccount extends UserSummary {
  passwordHash: string | null;
  /** When the account was verified (contract-2 §H2 rule 17); null: never. */
  verifiedAt: number | null;
}

export class UserService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock = systemClock,
  ) {}

  /**
   * Creates a user; emails are unique regardless of case. This is the operator's action (the CLI,
   * bootstrap): the account is verified, since the operator vouches for it.
   */
  create(input: unknown, db: Kysely<Database> = this.db): Promise<UserSummary> {
    return this.insert(input, db, true);
  }

  /**
   * Creates the user an invitation names, without a password and unverified: it becomes verified
   * only when a link that reached its mailbox is used.
   */
  createInvited(input: unknown, db: Kysely<Database> = this.db): Promise<UserSummary> {
    return this.insert(input, db, false);
  }

  /** Changes the signed-in user's own name. */
  async updateProfile(actor: Actor, input: unknown): Promise<UserSummary> {
    requireRole(actor, ANY_ROLE);
    const { name } = parseInput(UpdateProfileInput, input);
    await this.db.updateTable('users').set({ name }).where('id', '=', actor.userId).execute();
    return this.db.selectFrom('users').select(['id', 'email', 'name']).where('id', '=', actor.userId).executeTakeFirstOrThrow();
  }

  async findByEmail(email: string, db: Kysely<Database> = this.db): Promise<UserAccount | undefined> {
    const row = await db
      .selectFrom('users')
      .select(['id', 'email', 'name', 'password_hash', 'verified_at'])
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
    return row && { id: row.id, email: row.email, name: row.name, passwordHash: row.password_hash, verifiedAt: row.verified_at };
  }

  async requireByEmail(email: string): Promise<UserSummary> {
    const user = await this.findByEmail(email);
    if (!user) throw new Problem('not-found', `No user has the email "${email}".`);
    return user;
  }

  private async insert(input: unknown, db: Kysely<Database>, verified: boolean): Promise<UserSummary> {
    const { email, name, password } = parseInput(UserInput, input);
    const normalized = email.toLowerCase();
    if (await this.findByEmail(normalized, db)) throw problems.invalidField('email', 'is already taken by another user');
    const now = this.clock.now();
    const user = { id: newId(now), email: normalized, name: name ?? normalized.split('@')[0]! };
    await db
      .insertInto('users')
      .values({ ...user, password_hash: password ? await hashPassword(password) : null, created_at: now, verified_at: verified ? now : null })
      .execute();
    return user;
  }
}
