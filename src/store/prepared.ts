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

/** A prepared query whose parameters are named: one object in, as many values as the statement needs. */
export interface NamedQuery<P extends object, R> {
  (params: P): Promise<R[]>;
  /** Runs inside a transaction (or on another executor of the same dialect). */
  in(executor: Executor, params: P): Promise<R[]>;
}

/*
 * One mechanism for every query built and compiled once, then run with new parameters. Building and
 * compiling a Kysely query costs several times more than running a small indexed one, which matters
 * on paths every request or every check takes.
 *
 * `build` receives a placeholder per argument (or per named parameter) and must use each as a bound
 * value (`where(col, '=', arg)`, `values({col: arg})`, `limit(arg)`), never to decide the query's
 * shape. The compiled template's parameters are then mapped, once, to the argument each one takes:
 * this is where names meet positions (`?` for SQLite, `$n` for PostgreSQL) for both dialects.
 */

const placeholder = (key: string | number): string => `\u0000arg:${key}\u0000`;

/** The argument each of the template's parameters takes (undefined: a constant of the query). */
function slotsOf<K extends string | number>(template: CompiledQuery, keys: readonly K[], who: string): Array<K | undefined> {
  const byPlaceholder = new Map(keys.map((key) => [placeholder(key), key]));
  const slots = template.parameters.map((value) => (typeof value === 'string' ? byPlaceholder.get(value) : undefined));
  if (new Set(slots.filter((slot) => slot !== undefined)).size !== keys.length) throw new Error(`${who}: every argument must be bound as a query parameter`);
  return slots;
}

/** Compiles `build` once over positional placeholders; the answer binds an argument list to it. */
function positional<A extends unknown[], R>(build: (...args: A) => Compilable<R>, who: string): (args: A) => CompiledQuery<R> {
  const keys = Array.from({ length: build.length }, (_, i) => i);
  const template = build(...(keys.map(placeholder) as A)).compile();
  const slots = slotsOf(template, keys, who);
  return (args) => ({ ...template, parameters: template.parameters.map((value, i) => (slots[i] === undefined ? value : args[slots[i]]!)) });
}

/** Compiles `build` once over named placeholders (the names it reads); the answer binds a parameter object to it. */
function named<P extends object, R>(build: (params: P) => Compilable<R>, who: string): (params: P) => CompiledQuery<R> {
  const names: string[] = [];
  // Read once, at preparation: every name `build` reads becomes a placeholder.
  const recorder = new Proxy({} as P, {
    get: (_, key) => {
      if (typeof key !== 'string') return undefined;
      if (!names.includes(key)) names.push(key);
      return placeholder(key);
    },
  });
  const template = build(recorder).compile();
  const slots = slotsOf(template, names, who) as Array<keyof P | undefined>;
  return (params) => ({ ...template, parameters: template.parameters.map((value, i) => (slots[i] === undefined ? value : params[slots[i]])) });
}

/** A query compiled once; each call answers it bound to new arguments, to run as the caller likes (e.g. for its affected rows). */
export function compiledOnce<A extends unknown[], R>(build: (...args: A) => Compilable<R>): (...args: A) => CompiledQuery<R> {
  const bind = positional(build, 'compiledOnce()');
  return (...args) => bind(args);
}

/** compiledOnce() with named parameters (see preparedNamed()). */
export function compiledOnceNamed<P extends object, R>(build: (params: P) => Compilable<R>): (params: P) => CompiledQuery<R> {
  return named(build, 'compiledOnceNamed()');
}

/** A query compiled once and run with new arguments: answers its rows. */
export function prepared<A extends unknown[], R>(db: Executor, build: (...args: A) => Compilable<R>): PreparedQuery<A, R> {
  const bind = positional(build, 'prepared()');
  const execute = async (executor: Executor, args: A): Promise<R[]> => (await executor.executeQuery<R>(bind(args))).rows;
  const run = ((...args: A) => execute(db, args)) as PreparedQuery<A, R>;
  run.in = (executor, ...args) => execute(executor, args);
  return run;
}

/**
 * prepared() with named parameters, for statements with many: `build` reads its parameters from one
 * object (`(p: { id: string; … }) => db.insertInto(…).values({ id: p.id, … })`) and each run passes
 * one, so no argument can slip into another's place.
 */
export function preparedNamed<P extends object, R>(db: Executor, build: (params: P) => Compilable<R>): NamedQuery<P, R> {
  const bind = named(build, 'preparedNamed()');
  const execute = async (executor: Executor, params: P): Promise<R[]> => (await executor.executeQuery<R>(bind(params))).rows;
  const run = ((params: P) => execute(db, params)) as NamedQuery<P, R>;
  run.in = (executor, params) => execute(executor, params);
  return run;
}
