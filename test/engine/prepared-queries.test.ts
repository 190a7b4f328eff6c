import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { compiledOnce, prepared, preparedNamed, type Executor } from '../../src/store/prepared.js';

interface Db {
  t: { id: string; a: number; b: number | null };
}

/** A database of each dialect that compiles but runs nothing: the executor below records what it would send. */
const dialects = {
  sqlite: new Kysely<Db>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  }),
  postgres: new Kysely<Db>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  }),
};

function recorder(): Executor & { sent: CompiledQuery[] } {
  const sent: CompiledQuery[] = [];
  return { sent, executeQuery: async (query) => (sent.push(query), { rows: [] }) };
}

describe.each(Object.entries(dialects))('prepared queries on %s', (_, db) => {
  it('binds named parameters to their places, whatever order the statement reads them in', async () => {
    const executor = recorder();
    const insert = preparedNamed(executor, (p: { id: string; a: number; b: number | null }) => db.insertInto('t').values({ b: p.b, id: p.id, a: p.a }));
    await insert({ id: 'x', a: 1, b: null });
    await insert.in(executor, { a: 2, b: 3, id: 'y' });
    expect(executor.sent.map((query) => query.parameters)).toEqual([
      [null, 'x', 1],
      [3, 'y', 2],
    ]);
  });

  it('binds one name used twice in both places, and keeps the constants of the query', async () => {
    const executor = recorder();
    const select = preparedNamed(executor, (p: { a: number }) =>
      db.selectFrom('t').select('id').where('a', '>', p.a).where('b', '<', p.a).where('id', '<>', 'fixed'),
    );
    await select({ a: 7 });
    expect(executor.sent[0]!.parameters).toEqual([7, 7, 'fixed']);
  });

  it('refuses a name read but not bound as a parameter (a shape decided by it)', () => {
    expect(() =>
      preparedNamed(recorder(), (p: { a: number; order: string }) =>
        db
          .selectFrom('t')
          .select('id')
          .where('a', '=', p.a)
          .orderBy(p.order as 'id'),
      ),
    ).toThrow(/every argument must be bound/);
  });

  it('binds positional arguments as before, for prepared() and compiledOnce()', async () => {
    const executor = recorder();
    await prepared(executor, (id: string, a: number) => db.selectFrom('t').select('id').where('a', '=', a).where('id', '=', id))('x', 4);
    expect(executor.sent[0]!.parameters).toEqual([4, 'x']);
    const remove = compiledOnce((a: number, limit: number) => db.deleteFrom('t').where('a', '<', a).limit(limit));
    expect(remove(9, 10).parameters).toEqual([9, 10]);
  });
});
