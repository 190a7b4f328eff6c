import type { Kysely, Transaction } from 'kysely';

/**
 * Runs `work` in a transaction: the caller's own when `db` already is one (so that services can
 * compose into one atomic step), else a new one.
 */
export function inTransaction<DB, T>(db: Kysely<DB>, work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db);
  return db.transaction().execute((trx: Transaction<DB>) => work(trx));
}
