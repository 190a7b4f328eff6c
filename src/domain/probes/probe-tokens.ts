import { createHash, randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../store/schema.js';
import { systemClock, type Clock } from '../ports/clock.js';
import { newId, isUuid } from '../ids.js';
import { Problem, problems } from '../problem.js';
import { iso, isoOrNull } from '../time.js';
import { parseInput, text } from '../validation.js';
import type { RegionNames } from './region-names.js';

/** URL-safe characters (RFC 4648 §5): a token can be put in a URL or a unit file as it is. */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const PROBE_TOKEN = /^lkb_[A-Za-z0-9_-]{40}$/;
const BEARER = /^Bearer +(\S+)\s*$/i;

export function generateProbeToken(): string {
  let body = '';
  for (let i = 0; i < 40; i++) body += ALPHABET.charAt(randomInt(ALPHABET.length));
  return `lkb_${body}`;
}

/** Only this digest is stored, as for personal access tokens: a leaked database leaks no usable token. */
function hashProbeToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Whether a bearer value looks like a probe token (so the API can refuse it without a lookup). */
export function isProbeToken(token: string): boolean {
  return PROBE_TOKEN.test(token);
}

export const CreateProbeTokenInput = z.strictObject({
  region: z.string().describe('The region the probe checks.'),
  name: text(100).optional().describe('A label to recognise the probe by: 1-100 characters.'),
});

export interface ProbeTokenRecord {
  id: string;
  name: string;
  region: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** A probe admitted by its token: the only thing a probe request acts as. */
export interface ProbeActor {
  tokenId: string;
  region: string;
  name: string;
}

/** How often a probe's last use reaches the database (it asks for work every few seconds). */
const LAST_USED_WRITE_MS = 30_000;

/**
 * Probe tokens: installation-wide (no team), each for one region, managed by the operator's CLI.
 * A probe token reaches the probe endpoints only; the API's tokens never reach them.
 */
export class ProbeTokenService {
  private readonly lastWritten = new Map<string, number>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly regions: RegionNames,
    private readonly clock: Clock = systemClock,
  ) {}

  async create(input: unknown): Promise<ProbeTokenRecord & { token: string }> {
    const { region, name } = parseInput(CreateProbeTokenInput, input);
    if (!this.regions.isKnown(region)) {
      throw problems.invalidField('region', `must be one of ${this.regions.known().join(', ')} (LOOKOUT_EXTRA_REGIONS adds more)`);
    }
    const now = this.clock.now();
    const token = generateProbeToken();
    const id = newId(now);
    const label = name ?? `probe ${region}`;
    await this.db
      .insertInto('probe_tokens')
      .values({ id, name: label, region, token_hash: hashProbeToken(token), created_at: now, revoked_at: null, last_used_at: null })
      .execute();
    return { id, token, region, name: label, createdAt: iso(now), lastUsedAt: null };
  }

  async list(): Promise<ProbeTokenRecord[]> {
    const rows = await this.db
      .selectFrom('probe_tokens')
      .select(['id', 'name', 'region', 'created_at', 'last_used_at'])
      .where('revoked_at', 'is', null)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
    return rows.map((r) => ({ id: r.id, name: r.name, region: r.region, createdAt: iso(r.created_at), lastUsedAt: isoOrNull(r.last_used_at) }));
  }

  /** Revokes a probe token: its probe's next request is refused (tokens are looked up on every request). */
  async revoke(id: string): Promise<{ id: string; revokedAt: string }> {
    if (!isUuid(id)) throw new Problem('not-found', 'No probe token has that id.');
    const now = this.clock.now();
    const updated = await this.db.updateTable('probe_tokens').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
    if (updated.numUpdatedRows === 0n) {
      const row = await this.db.selectFrom('probe_tokens').select('revoked_at').where('id', '=', id).executeTakeFirst();
      if (!row || row.revoked_at === null) throw new Problem('not-found', 'No probe token has that id.');
      return { id, revokedAt: iso(row.revoked_at) };
    }
    return { id, revokedAt: iso(now) };
  }

  /**
   * The probe an Authorization header names; every failure is the same 401. Looked up on every
   * request, so that a revoked token stops at once.
   */
  async authenticate(authorization: string | undefined): Promise<ProbeActor> {
    const token = authorization ? BEARER.exec(authorization)?.[1] : undefined;
    if (!token || !PROBE_TOKEN.test(token)) throw problems.unauthorized();
    const row = await this.db
      .selectFrom('probe_tokens')
      .select(['id', 'name', 'region'])
      .where('token_hash', '=', hashProbeToken(token))
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (!row) throw problems.unauthorized();
    const now = this.clock.now();
    if (now - (this.lastWritten.get(row.id) ?? -Infinity) >= LAST_USED_WRITE_MS) {
      this.lastWritten.set(row.id, now);
      await this.db.updateTable('probe_tokens').set({ last_used_at: now }).where('id', '=', row.id).execute();
    }
    return { tokenId: row.id, region: row.region, name: row.name };
  }
}
