/**
 * What JSON.parse would build from a text, counted before it builds it. Parsing runs on the event
 * loop and cannot be interrupted, and its cost follows the number of arrays, objects and members it
 * allocates, not the text's size: a MiB of `[[[…]]]` or of `{"k1":1,"k2":2,…}` holds the loop for a
 * few hundred milliseconds, where a MiB of ordinary input takes a few. Request bodies and the JSON
 * a check or a registry answers both pass here; a text past the limits is refused before it is parsed.
 */

/** Arrays and objects inside one another, by default. */
export const MAX_JSON_DEPTH = 64;
/** Arrays, objects and object members, in all, by default. */
export const MAX_JSON_NODES = 20_000;

/** How far a text may go; the defaults suit request bodies, the largest of which holds a few thousand nodes. */
export interface JsonShapeLimits {
  depth: number;
  nodes: number;
}

/** Why the text is refused unparsed, or null. One pass over the text, strings skipped. */
export function jsonShapeProblem(text: string, limits: JsonShapeLimits = { depth: MAX_JSON_DEPTH, nodes: MAX_JSON_NODES }): string | null {
  const { depth: maxDepth, nodes: maxNodes } = limits;
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
      if (++depth > maxDepth) return `nested deeper than ${maxDepth} levels`;
      if (++nodes > maxNodes) return tooMany(maxNodes);
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    } else if (c === 0x3a) {
      if (++nodes > maxNodes) return tooMany(maxNodes);
    }
  }
  return null;
}

function tooMany(maxNodes: number): string {
  return `more than ${maxNodes.toLocaleString('en')} arrays, objects and members`;
}
