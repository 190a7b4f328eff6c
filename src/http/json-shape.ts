/**
 * What JSON.parse would build from a request body, counted before it builds it. Parsing runs on
 * the event loop and cannot be interrupted, and its cost follows the number of arrays, objects and
 * members it allocates, not the body's size: a MiB of `[[[…]]]` or of `{"k1":1,"k2":2,…}` holds
 * the loop for a few hundred milliseconds, where a MiB of ordinary input takes a few. No request
 * Lookout takes comes near these limits (the largest, a window over 1,000 monitors or a monitor
 * with 20 assertions, holds a few thousand); a body past them is refused before it is parsed.
 */

/** Arrays and objects inside one another. */
export const MAX_JSON_DEPTH = 64;
/** Arrays, objects and object members, in all. */
export const MAX_JSON_NODES = 20_000;

/** Why the body is refused unparsed, or null. One pass over the text, strings skipped. */
export function jsonShapeProblem(text: string): string | null {
  let depth = 0;
  let nodes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // A string: skip to its closing quote (a backslash escapes the next character).
      for (i++; i < text.length; i++) {
        const s = text.charCodeAt(i);
        if (s === 0x5c) i++;
        else if (s === 0x22) break;
      }
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > MAX_JSON_DEPTH) return `nested deeper than ${MAX_JSON_DEPTH} levels`;
      if (++nodes > MAX_JSON_NODES) return `more than ${MAX_JSON_NODES.toLocaleString('en')} arrays, objects and members`;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    } else if (c === 0x3a) {
      if (++nodes > MAX_JSON_NODES) return `more than ${MAX_JSON_NODES.toLocaleString('en')} arrays, objects and members`;
    }
  }
  return null;
}
