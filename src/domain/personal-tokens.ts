import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import { isSessionActor, requireRole, type Actor } from './actor.js';
import { isUuid } from './ids.js';
import { problems } from './problem.js';
import { ANY_ROLE } from './roles.js';
import { ExpiresInDays, type TokenService } from './tokens.js';
import { TOKEN_EXPIRY_DAYS } from '../shared/limits.js';
import { isoOrNull, iso } from './time.js';
import { parseInput, text } from './validation.js';

/** How many active tokens one member may hold in one team. */
export const TOKENS_PER_MEMBER = 50;

export const CreateTokenInput = z.strictObject({
  name: text(100).describe('A label to recognise the token by: 1-100 characters.'),
  expiresInDays: ExpiresInDays.nullable()
    .optional()
    .describe(
      `Days until the token stops working: an integer from ${TOKEN_EXPIRY_DAYS[0]} to ${TOKEN_EXPIRY_DAYS[1]}; null or omitted for no expiry. ` +
        'A token created with a token that expires never outlives it: omitted, it expires with that token; asking for later is refused (400).',
    ),
});

export const PersonalTokenRecord = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable().describe('When the token last authenticated a request (kept to within about 30 seconds).'),
  current: z.boolean().describe('Whether this is the token making the request.'),
});
export type PersonalTokenRecord = z.infer<typeof PersonalTokenRecord>;

export const CreatedTokenRecord = PersonalTokenRecord.extend({
  token: z.string().describe('The token itself (lkt_ and 40 letters and digits). Shown only in this answer; only its SHA-256 is stored.'),
});
export type CreatedTokenRecord = z.infer<typeof CreatedTokenRecord>;

/**
 * The caller's own personal access tokens in the current team: list, create (shown once), revoke.
 * Any role may manage their own tokens; nobody sees or revokes another member's through this.
 */
export class PersonalTokenService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly tokens: TokenService,
  ) {}

  async list(actor: Actor): Promise<PersonalTokenRecord[]> {
    requireRole(actor, ANY_ROLE);
    // Last-use times are kept in memory and written in batches; write the pending ones first.
    await this.tokens.flushLastUse();
    const rows = await this.db
      .selectFrom('access_tokens')
      .select(['id', 'name', 'created_at', 'expires_at', 'last_used_at'])
      .where('team_id', '=', actor.teamId)
      .where('user_id', '=', actor.userId)
      .where('revoked_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      createdAt: iso(r.created_at),
      expiresAt: isoOrNull(r.expires_at),
      lastUsedAt: isoOrNull(r.last_used_at),
      current: r.id === actor.tokenId,
    }));
  }

  async create(actor: Actor, input: unknown): Promise<CreatedTokenRecord> {
    requireRole(actor, ANY_ROLE);
    const { name, expiresInDays } = parseInput(CreateTokenInput, input);
    const held = await this.db
      .selectFrom('access_tokens')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('team_id', '=', actor.teamId)
      .where('user_id', '=', actor.userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (held.n >= TOKENS_PER_MEMBER) {
      throw problems.invalidField('name', `you already hold ${TOKENS_PER_MEMBER} tokens in this team; revoke one first`);
    }
    const created = await this.tokens.create({
      teamId: actor.teamId,
      userId: actor.userId,
      name,
      ...(expiresInDays != null && { expiresInDays }),
      // A token made with a token is its child: it expires no later and is revoked with it.
      ...(!isSessionActor(actor) && { parentId: actor.tokenId }),
    });
    const stored = (await this.tokens.find(created.id))!;
    return {
      id: created.id,
      name: stored.name,
      createdAt: stored.createdAt,
      expiresAt: created.expiresAt,
      lastUsedAt: null,
      current: false,
      token: created.token,
    };
  }

  /** Revokes one of the caller's own tokens; any other id is not found. */
  async revoke(actor: Actor, tokenId: string): Promise<void> {
    requireRole(actor, ANY_ROLE);
    if (!isUuid(tokenId)) throw problems.notFound('token');
    const own = await this.db
      .selectFrom('access_tokens')
      .select('id')
      .where('id', '=', tokenId)
      .where('team_id', '=', actor.teamId)
      .where('user_id', '=', actor.userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (!own) throw problems.notFound('token');
    await this.tokens.revoke(own.id);
  }
}
