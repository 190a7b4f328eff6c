import type { Compilable, CompiledQuery, QueryResult } from 'kysely';

/** Anything a compiled query can run on: the database or an open transaction. */
export interface Executor {
  executeQuery<R>(query: CompiledQuery<R>): Promise<QueryResult<R>>;
}

export interface PreparedQuery<A extends unknown[], R> {
  (...args: A): Promise<R[]>;
  /** Runs inside a transaction (or on another executor of the same dialect). */
  in(executor: Executor, ...args: A): Promise<R[]>;
}

/**
 * A query built and compiled once, then run with new parameters. Building and compiling a
 * Kysely query costs several times more than running a small indexed one, which matters on
 * paths every request or every check takes.
 *
 * `build` receives one placeholder per argument and must use each as a bound value
 * (`where(col, '=', arg)`, `values({col: arg})`, `limit(arg)`), never to decide the query's shape.
 */
export function prepared<A extends unknown[], R>(db: Executor, build: (...args: A) => Compilable<R>): PreparedQuery<A, R> {
  const placeholders = Array.from({ length: build.length }, (_, i) => `\u0000arg${i}\u0000`);
  const template = build(...(placeholders as A)).compile();
  const slots = template.parameters.map((value) => placeholders.indexOf(value as string));
  const used = new Set(slots.filter((slot) => slot >= 0));
  if (used.size !== placeholders.length) throw new Error('prepared(): every argument must be bound as a query parameter');
  const execute = async (executor: Executor, args: A): Promise<R[]> => {
    const parameters = template.parameters.map((value, i) => (slots[i]! >= 0 ? args[slots[i]!] : value));
    const result = await executor.executeQuery<R>({ ...template, parameters });
    return result.rows;
  };
  const run = ((...args: A) => execute(db, args)) as PreparedQuery<A, R>;
  run.in = (executor, ...args) => execute(executor, args);
  return run;
}
