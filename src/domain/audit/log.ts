import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.js';
import { requireRole, type Actor } from '../actor.js';
import { keysetPage, parseKeysetCursor } from '../keyset-page.js';
import { ADMINS } from '../roles.js';
import { iso } from '../time.js';
import { parseInput } from '../validation.js';

export const AUDIT_ACTOR_TYPES = ['user', 'token', 'cli', 'system'] as const;
export const AUDIT_SURFACES = ['rest', 'mcp', 'dashboard', 'cli'] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];
export type AuditSurface = (typeof AUDIT_SURFACES)[number];

/** Entries are kept this long; the retention pruner (src/checks/retention.ts) deletes older ones. */
export const AUDIT_RETENTION_DAYS = 400;
export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 200;

const isoTime = (what: string) => z.iso.datetime({ offset: true }).describe(`${what} (ISO 8601, e.g. 2026-11-27T10:00:00Z).`).optional();

export const AuditLogQuery = z.strictObject({
  action: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .describe('Only entries of this action: an operation id (`updateMonitor`) or `cli.<command>` (`cli.member.set-role`).'),
  actorId: z.string().min(1).max(100).optional().describe("Only entries of this actor: a user's id (dashboard), a token's id (REST, MCP)."),
  targetId: z.string().min(1).max(100).optional().describe('Only entries about this resource (a monitor, policy, member, token… by its id).'),
  since: isoTime('Only entries at or after this time'),
  until: isoTime('Only entries before this time'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(AUDIT_PAGE_MAX)
    .default(AUDIT_PAGE_DEFAULT)
    .describe(`How many to answer: 1-${AUDIT_PAGE_MAX}; default ${AUDIT_PAGE_DEFAULT}.`),
  cursor: z.string().max(200).optional().describe('`nextCursor` of the previous page: the page after it, with the same filters.'),
});

export const AuditEntryRecord = z.object({
  id: z.string(),
  at: z.string().describe('When the change was committed (ISO 8601).'),
  actor: z.object({
    type: z
      .enum(AUDIT_ACTOR_TYPES)
      .describe('`user` (a dashboard session), `token` (a personal access token, over REST or MCP), `cli` (the operator), `system`.'),
    id: z.string().nullable().describe("The user's id for `user`, the token's id for `token`; null for `cli` and `system`."),
    email: z.string().nullable().describe('The email of the user acting (or owning the token) when the entry was written.'),
  }),
  surface: z.enum(AUDIT_SURFACES),
  action: z.string().describe('The operation id (`createMonitor`, `signIn`, `signInFailed`) or `cli.<command>`.'),
  targetType: z.string().nullable().describe('The resource acted on, in the singular: `monitor`, `policy`, `incident`, `member`, `token`, `team`, `user`, …'),
  targetId: z.string().nullable(),
  ip: z.string().nullable().describe('The client address, as TRUST_PROXY decides it; null for the CLI.'),
  changes: z.array(z.string()).describe('The names of the fields sent (never their values).'),
});
export type AuditEntryRecord = z.infer<typeof AuditEntryRecord>;

export const AuditLogPage = z.object({
  data: z.array(AuditEntryRecord).describe('Newest first.'),
  nextCursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last one.'),
});
export type AuditLogPage = z.infer<typeof AuditLogPage>;

/** Reading the team's audit log (Admins and Owners): filtered, newest first, a page at a time (keyset on time and id). */
export class AuditLogService {
  constructor(private readonly db: Kysely<Database>) {}

  async list(actor: Actor, query: unknown): Promise<AuditLogPage> {
    requireRole(actor, ADMINS);
    const { action, actorId, targetId, since, until, limit, cursor } = parseInput(AuditLogQuery, query);
    const after = parseKeysetCursor(cursor);
    let select = this.db.selectFrom('audit_log').selectAll().where('team_id', '=', actor.teamId);
    if (action !== undefined) select = select.where('action', '=', action);
    if (actorId !== undefined) select = select.where('actor_id', '=', actorId.toLowerCase());
    if (targetId !== undefined) select = select.where('target_id', '=', targetId.toLowerCase());
    if (since !== undefined) select = select.where('at', '>=', Date.parse(since));
    if (until !== undefined) select = select.where('at', '<', Date.parse(until));
    if (after) select = select.where((eb) => eb.or([eb('at', '<', after.at), eb.and([eb('at', '=', after.at), eb('id', '<', after.id)])]));
    const rows = await select
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .execute();
    const { page, nextCursor } = keysetPage(rows, limit, (r) => ({ at: r.at, id: r.id }));
    return {
      data: page.map((r) => ({
        id: r.id,
        at: iso(r.at),
        actor: { type: r.actor_type as AuditActorType, id: r.actor_id, email: r.actor_email },
        surface: r.surface as AuditSurface,
        action: r.action,
        targetType: r.target_type,
        targetId: r.target_id,
        ip: r.ip,
        changes: JSON.parse(r.changes) as string[],
      })),
      nextCursor,
    };
  }
}
