import { dirname, join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.js';
import { mapChannelSecrets, parseStoredChannels } from '../alerts/channels.js';
import { fileKeySource } from './key-file.js';
import { SecretKeyError, envKeySource, type KeySource } from './key-ring.js';
import { channelSecretAt, monitorSecretAt, subscriberSecretAt, twoFactorSecretAt } from './places.js';
import { SecretBox, type SecretPlace } from './secret-box.js';

export const KEY_FILE_NAME = 'secret.key';

/** The tables and columns that hold secrets, named at run time: seen without their schema types. */
type NamedAtRunTime = Record<string, Record<string, unknown>>;

/**
 * Picks the key source: LOOKOUT_SECRET_KEY when set; otherwise, with SQLite only, the key file
 * next to the database (created on first use). PostgreSQL needs LOOKOUT_SECRET_KEY, since
 * several machines share that database and must share the key.
 */
export function createKeySource(options: { secretKey: string | null; dialect: 'sqlite' | 'postgres'; file: string | null }): KeySource {
  if (options.secretKey !== null) return envKeySource(options.secretKey);
  if (options.dialect === 'postgres' || options.file === null) {
    throw new SecretKeyError('LOOKOUT_SECRET_KEY is required with PostgreSQL (base64 of 32 bytes; create one with: openssl rand -base64 32).');
  }
  return fileKeySource(join(dirname(options.file), KEY_FILE_NAME));
}

export interface RotationReport {
  /** The key every stored secret is sealed with now. */
  keyId: string;
  /** Where the keys live. */
  keySource: string;
  /** True when a new key was generated (key file); false when LOOKOUT_SECRET_KEY supplied it. */
  generated: boolean;
  /** Values re-sealed, per table. */
  resealed: Record<string, number>;
  /** Key ids still readable after the rotation, newest first. */
  keyIds: string[];
  /** Older keys no stored value uses any more (with LOOKOUT_SECRET_KEY: safe to drop from it). */
  unusedKeyIds: string[];
  /** Keys `prune` removed from the key file. */
  removedKeyIds: string[];
}

/** Applies `f` to each sealed value one stored column value of row `id` holds, with its place; returns the new column value. */
type MapSealed = (stored: string, id: string, f: (sealed: string, place: SecretPlace) => string) => string;

/**
 * Every stored field that holds a sealed secret, and nothing else: rotation must never treat
 * other data as a secret because it resembles one (an email address `v1.0123abcd.x@…` is an
 * address). `map` applies `f` to each sealed value one stored column value holds, with the place
 * it is bound to, and returns the new column value. A table that does not exist (yet) is skipped.
 */
const SECRET_COLUMNS: ReadonlyArray<{ table: string; column: string; map: MapSealed }> = [
  // Monitor credentials: the whole column is one sealed value.
  { table: 'monitors', column: 'auth_secret', map: (stored, id, f) => f(stored, monitorSecretAt(id, 'auth_secret')) },
  // An HTTP monitor's client certificate key and proxy password, likewise.
  { table: 'monitors', column: 'client_key_secret', map: (stored, id, f) => f(stored, monitorSecretAt(id, 'client_key_secret')) },
  { table: 'monitors', column: 'proxy_password_secret', map: (stored, id, f) => f(stored, monitorSecretAt(id, 'proxy_password_secret')) },
  // A heartbeat's ping key (found by its hash, which rotation leaves as it is).
  { table: 'monitors', column: 'ping_key', map: (stored, id, f) => f(stored, monitorSecretAt(id, 'ping_key')) },
  // Notification channels: the secret fields of each channel type inside the JSON list. The
  // outbox (`deliveries.channel`) keeps where a delivery goes, never a secret.
  {
    table: 'notification_policies',
    column: 'channels',
    map: (stored, id, f) =>
      JSON.stringify(mapChannelSecrets(parseStoredChannels(stored), (sealed, type, field) => f(sealed, channelSecretAt(id, type, field)))),
  },
  // A webhook subscriber's signing secret: the whole column is one sealed value.
  { table: 'status_page_subscribers', column: 'secret', map: (stored, id, f) => f(stored, subscriberSecretAt(id)) },
  // A person's TOTP key: the whole column is one sealed value.
  { table: 'two_factor', column: 'secret', map: (stored, id, f) => f(stored, twoFactorSecretAt(id)) },
];

/** Operator actions on stored secrets (the `lookout secrets` commands). */
export class SecretService {
  constructor(
    private readonly db: Kysely<Database>,
    readonly box: SecretBox,
    private readonly source: KeySource,
  ) {}

  /**
   * Re-seals every stored secret under the newest key. With the key file a new key is generated
   * first; with LOOKOUT_SECRET_KEY the operator puts the new key first (`new,old`) beforehand.
   * Old keys stay readable (a server still running may seal with one until it notices the new
   * file) unless `prune` removes those no stored value uses any more.
   */
  async rotate(options: { prune?: boolean } = {}): Promise<RotationReport> {
    const generated = this.source.addKey !== undefined;
    const ring = this.source.addKey ? this.source.addKey() : this.source.reload();
    const keyId = ring.primary.id;
    const resealed: Record<string, number> = {};
    const columns = await this.existingColumns();

    await this.db.transaction().execute(async (trx) => {
      const db = trx as unknown as Kysely<NamedAtRunTime>;
      for (const { table, column, map } of columns) {
        resealed[table] ??= 0;
        const rows = await db.selectFrom(table).select(['id', column]).where(column, 'is not', null).execute();
        for (const row of rows) {
          const stored = row[column] as string;
          let changed = false;
          // Under an older key, or in the first form (bound to its key only): sealed anew, bound to its place.
          const reseal = (sealed: string, place: SecretPlace) => {
            if (this.box.isCurrent(sealed)) return sealed;
            changed = true;
            return this.box.seal(this.box.open(sealed, place), place);
          };
          const next = map(stored, row.id as string, reseal);
          // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- reseal() sets it while map() runs
          if (!changed) continue;
          await db
            .updateTable(table)
            .set({ [column]: next })
            .where('id', '=', row.id)
            .where(column, '=', stored)
            .execute();
          resealed[table]++;
        }
      }
    });

    const used = await this.keyIdsInUse();
    const unused = ring.keys
      .slice(1)
      .map((k) => k.id)
      .filter((id) => !used.has(id));
    let removedKeyIds: string[] = [];
    let finalRing = ring;
    if (options.prune && this.source.retain && unused.length > 0) {
      finalRing = this.source.retain(used);
      removedKeyIds = unused;
    }
    return {
      keyId,
      keySource: this.source.description,
      generated,
      resealed,
      keyIds: finalRing.keys.map((k) => k.id),
      unusedKeyIds: removedKeyIds.length > 0 ? [] : unused,
      removedKeyIds,
    };
  }

  /**
   * Ids of keys some stored value is sealed with that the key source does not hold: a database
   * restored without the key of the installation it came from.
   */
  async missingKeyIds(): Promise<{ keyIds: string[]; keySource: string }> {
    const ring = this.source.reload();
    const keyIds = [...(await this.keyIdsInUse())].filter((id) => ring.get(id) === undefined).sort();
    return { keyIds, keySource: this.source.description };
  }

  /** Ids of every key some stored value is sealed with. */
  async keyIdsInUse(): Promise<Set<string>> {
    const used = new Set<string>();
    const note = (sealed: string) => {
      const id = this.box.keyIdOf(sealed);
      if (id) used.add(id);
      return sealed;
    };
    const db = this.db as unknown as Kysely<NamedAtRunTime>;
    for (const { table, column, map } of await this.existingColumns()) {
      const rows = await db.selectFrom(table).select(['id', column]).where(column, 'is not', null).execute();
      for (const row of rows) map(row[column] as string, row.id as string, note);
    }
    return used;
  }

  private async existingColumns() {
    const tables = new Set((await this.db.introspection.getTables()).map((t) => t.name));
    return SECRET_COLUMNS.filter((c) => tables.has(c.table));
  }
}
