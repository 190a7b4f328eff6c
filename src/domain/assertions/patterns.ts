import { RE2JS, RE2JSException } from 're2js';

/*
 * Patterns of `matches` assertions run on RE2 (re2js, pure JavaScript): matching takes time linear
 * in the text whatever the pattern, so no pattern a user writes can make a check spin on a body
 * (a backtracking engine takes exponential time on `(a+)+$` against "aaaa…!"). The syntax is
 * RE2's: no backreferences and no lookaround; a pattern RE2 cannot compile is refused when the
 * monitor is saved.
 */

export type CompiledPattern = { ok: true; pattern: RE2JS } | { ok: false; message: string };

/** Compiled patterns by source text: monitors are checked again and again with the same few. */
const cache = new Map<string, CompiledPattern>();
const CACHE_SIZE = 2_000;

export function compilePattern(source: string): CompiledPattern {
  const cached = cache.get(source);
  if (cached) {
    // Most recently used last, so that the oldest unused pattern is the one dropped.
    cache.delete(source);
    cache.set(source, cached);
    return cached;
  }
  const compiled = compile(source);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(source, compiled);
  return compiled;
}

function compile(source: string): CompiledPattern {
  try {
    return { ok: true, pattern: RE2JS.compile(source) };
  } catch (error) {
    if (!(error instanceof RE2JSException)) throw error;
    return { ok: false, message: `is not a pattern the RE2 engine can run (${error.message}); backreferences and lookaround are not supported` };
  }
}

/**
 * Drops every compiled pattern. A match interrupted half-way (by a time limit) may leave a
 * pattern's internal caches inconsistent: the next use compiles it afresh.
 */
export function forgetPatterns(): void {
  cache.clear();
}

/** The first match of the pattern in `text`, or null. */
export function firstMatch(pattern: RE2JS, text: string): string | null {
  const matcher = pattern.matcher(text);
  return matcher.find() ? matcher.group(0) : null;
}
