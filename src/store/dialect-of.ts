import { PostgresIntrospector, type Kysely } from 'kysely';
import type { Dialect } from './database.js';
import type { Database } from './schema.js';

/**
 * Which database a Kysely instance (or a transaction of one) talks to, for the few statements that
 * differ (src/domain/events.ts, migrations): told by its introspector, a public part of Kysely.
 */
export function dialectOf(db: Kysely<unknown> | Kysely<Database>): Dialect {
  return db.introspection instanceof PostgresIntrospector ? 'postgres' : 'sqlite';
}
