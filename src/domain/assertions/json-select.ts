import type { PathStep, PathValue } from './json-path.js';

/*
 * Reading the values at a few JSONPaths from a JSON text without building the document. A check
 * usually asks for one or two values out of a body of kilobytes: JSON.parse would allocate every
 * object, array and string of it (most of the cost of judging such a body), where this scanner
 * validates the whole text as RFC 8259 JSON but only materializes the values asked for (by
 * JSON.parse of their own text, so that each value is exactly what JSON.parse would give).
 *
 * It answers as JSON.parse and a walk down the parsed document would: a text JSON.parse refuses
 * is not JSON here either; of duplicate keys, the last one counts; a name step finds nothing in an
 * array and an index step nothing in an object. The walk is iterative off the paths, so nesting
 * costs no stack; it is refused past `maxDepth` levels all the same, because a value asked for is
 * parsed, and parsing a deep one is slow.
 */

export type JsonSelection = { ok: true; values: PathValue[] } | { ok: false; problem: 'syntax' | 'depth' };

class NotJson extends Error {
  constructor(readonly problem: 'syntax' | 'depth') {
    super(problem);
  }
}

const NOT_FOUND: PathValue = { found: false };

/** A path still being followed: which one, and how many of its steps lead to the current value. */
interface Follow {
  path: number;
  step: number;
}

export function selectJsonPaths(text: string, paths: readonly (readonly PathStep[])[], maxDepth: number): JsonSelection {
  const values: PathValue[] = paths.map(() => NOT_FOUND);
  const scanner = new Scanner(text, maxDepth);
  try {
    scanner.whitespace();
    scanner.value(
      paths.map((_, path) => ({ path, step: 0 })),
      0,
      paths,
      values,
    );
    scanner.whitespace();
    if (scanner.pos !== text.length) throw new NotJson('syntax');
    return { ok: true, values };
  } catch (error) {
    if (error instanceof NotJson) return { ok: false, problem: error.problem };
    throw error;
  }
}

// Character codes.
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const MINUS = 0x2d;
const PLUS = 0x2b;
const DOT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;

class Scanner {
  pos = 0;

  constructor(
    private readonly text: string,
    private readonly maxDepth: number,
  ) {}

  /**
   * One value at `pos` (after white space), `depth` containers deep. Paths in `follow` have led
   * here: those with no step left take this value; the others go on into it.
   */
  value(follow: Follow[], depth: number, paths: readonly (readonly PathStep[])[], values: PathValue[]): void {
    const start = this.pos;
    const onward = follow.filter((f) => f.step < paths[f.path]!.length);
    const c = this.text.charCodeAt(this.pos);
    if (onward.length > 0 && c === OPEN_OBJECT) this.object(onward, depth + 1, paths, values);
    else if (onward.length > 0 && c === OPEN_ARRAY) this.array(onward, depth + 1, paths, values);
    else this.pos = skip(this.text, this.pos, this.maxDepth - depth);
    if (onward.length === follow.length) return;
    const taken = this.text.slice(start, this.pos);
    for (const f of follow) if (f.step === paths[f.path]!.length) values[f.path] = { found: true, value: JSON.parse(taken) as unknown };
  }

  private object(follow: Follow[], depth: number, paths: readonly (readonly PathStep[])[], values: PathValue[]): void {
    if (this.open(depth, CLOSE_OBJECT)) return;
    for (;;) {
      const start = this.pos;
      this.pos = skipString(this.text, start);
      const key = this.text.slice(start + 1, this.pos - 1);
      const name = key.includes('\\') ? (JSON.parse(`"${key}"`) as string) : key;
      this.whitespace();
      if (this.text.charCodeAt(this.pos++) !== COLON) throw new NotJson('syntax');
      this.whitespace();
      const here: Follow[] = [];
      for (const f of follow) {
        const step = paths[f.path]![f.step]!;
        if ('name' in step && step.name === name) {
          // A later duplicate replaces the whole value: what an earlier one held is forgotten.
          values[f.path] = NOT_FOUND;
          here.push({ path: f.path, step: f.step + 1 });
        }
      }
      if (this.member(here, depth, paths, values, CLOSE_OBJECT)) return;
    }
  }

  private array(follow: Follow[], depth: number, paths: readonly (readonly PathStep[])[], values: PathValue[]): void {
    if (this.open(depth, CLOSE_ARRAY)) return;
    for (let index = 0; ; index++) {
      const here: Follow[] = [];
      for (const f of follow) {
        const step = paths[f.path]![f.step]!;
        if ('index' in step && step.index === index) here.push({ path: f.path, step: f.step + 1 });
      }
      if (this.member(here, depth, paths, values, CLOSE_ARRAY)) return;
    }
  }

  /** Enters the container at `pos`, `depth` deep: whether it is empty (and was passed over whole). */
  private open(depth: number, close: number): boolean {
    if (depth > this.maxDepth) throw new NotJson('depth');
    this.pos++;
    this.whitespace();
    if (this.text.charCodeAt(this.pos) !== close) return false;
    this.pos++;
    return true;
  }

  /**
   * A member's value (followed by the paths in `here`, else skipped), then the comma before the
   * next one or the container's end: whether it ended.
   */
  private member(here: Follow[], depth: number, paths: readonly (readonly PathStep[])[], values: PathValue[], close: number): boolean {
    if (here.length > 0) this.value(here, depth, paths, values);
    else this.pos = skip(this.text, this.pos, this.maxDepth - depth);
    this.whitespace();
    const next = this.text.charCodeAt(this.pos++);
    if (next === close) return true;
    if (next !== COMMA) throw new NotJson('syntax');
    this.whitespace();
    return false;
  }

  whitespace(): void {
    this.pos = skipWhitespace(this.text, this.pos);
  }
}

/*
 * Skipping: each function validates what is at `i` and answers the index after it. This is where
 * the time of reading a large body goes, so state stays in locals, and `skip` passes white space,
 * keys and punctuation in loops of its own rather than in calls (a third faster on a 20 KiB body).
 */

/** Whether each container entered by `skip` is an object, by level; grown as deep texts need. */
let kinds = new Uint8Array(64);

/** One value, at most `levels` containers deep, without recursion. */
function skip(text: string, i: number, levels: number): number {
  let top = 0;
  /** Whether the string at `i` is an object's key (then a colon and a value follow). */
  let key = false;
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = skipString(text, i);
      if (key) {
        while (isWhitespace(text.charCodeAt(i))) i++;
        if (text.charCodeAt(i++) !== COLON) throw new NotJson('syntax');
        while (isWhitespace(text.charCodeAt(i))) i++;
        key = false;
        continue;
      }
    } else if (key) throw new NotJson('syntax');
    else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (top === levels) throw new NotJson('depth');
      i++;
      while (isWhitespace(text.charCodeAt(i))) i++;
      if (text.charCodeAt(i) === (c === OPEN_OBJECT ? CLOSE_OBJECT : CLOSE_ARRAY)) i++;
      else {
        if (top === kinds.length) {
          const grown = new Uint8Array(kinds.length * 2);
          grown.set(kinds);
          kinds = grown;
        }
        kinds[top++] = c === OPEN_OBJECT ? 1 : 0;
        key = c === OPEN_OBJECT;
        continue;
      }
    } else if (c === MINUS || (c >= ZERO && c <= NINE)) i = skipNumber(text, i);
    else i = skipLiteral(text, i);
    // After a value: a comma and the next value (or key), or the end of one container or more.
    for (;;) {
      if (top === 0) return i;
      while (isWhitespace(text.charCodeAt(i))) i++;
      const next = text.charCodeAt(i++);
      const inObject = kinds[top - 1] === 1;
      if (next === COMMA) {
        while (isWhitespace(text.charCodeAt(i))) i++;
        key = inObject;
        break;
      }
      if (next !== (inObject ? CLOSE_OBJECT : CLOSE_ARRAY)) throw new NotJson('syntax');
      top--;
    }
  }
}

function skipString(text: string, i: number): number {
  if (text.charCodeAt(i) !== QUOTE) throw new NotJson('syntax');
  i++;
  for (;;) {
    const c = text.charCodeAt(i++);
    // Past the backslash (lower-case letters, most of a text): nothing to look at.
    if (c > BACKSLASH) continue;
    if (c === QUOTE) return i;
    if (c === BACKSLASH) {
      const e = text.charCodeAt(i++);
      if (e === 0x75) {
        // \uXXXX
        if (!(isHex(text.charCodeAt(i)) && isHex(text.charCodeAt(i + 1)) && isHex(text.charCodeAt(i + 2)) && isHex(text.charCodeAt(i + 3)))) {
          throw new NotJson('syntax');
        }
        i += 4;
      } else if (!(e === QUOTE || e === BACKSLASH || e === 0x2f || e === 0x62 || e === 0x66 || e === 0x6e || e === 0x72 || e === 0x74)) {
        throw new NotJson('syntax');
      }
    } else if (!(c >= 0x20)) throw new NotJson('syntax'); // a control character, or NaN past the end
  }
}

/** -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? */
function skipNumber(text: string, i: number): number {
  let c = text.charCodeAt(i);
  if (c === MINUS) c = text.charCodeAt(++i);
  if (c === ZERO) c = text.charCodeAt(++i);
  else {
    if (!isDigit(c)) throw new NotJson('syntax');
    while (isDigit(c)) c = text.charCodeAt(++i);
  }
  if (c === DOT) {
    c = text.charCodeAt(++i);
    if (!isDigit(c)) throw new NotJson('syntax');
    while (isDigit(c)) c = text.charCodeAt(++i);
  }
  if (c === 0x65 || c === 0x45) {
    c = text.charCodeAt(++i);
    if (c === PLUS || c === MINUS) c = text.charCodeAt(++i);
    if (!isDigit(c)) throw new NotJson('syntax');
    while (isDigit(c)) c = text.charCodeAt(++i);
  }
  return i;
}

function isDigit(c: number): boolean {
  return c >= ZERO && c <= NINE;
}

function skipLiteral(text: string, i: number): number {
  if (text.startsWith('true', i) || text.startsWith('null', i)) return i + 4;
  if (text.startsWith('false', i)) return i + 5;
  throw new NotJson('syntax');
}

function skipWhitespace(text: string, i: number): number {
  while (isWhitespace(text.charCodeAt(i))) i++;
  return i;
}

function isWhitespace(c: number): boolean {
  return c <= 0x20 && (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09);
}

function isHex(c: number): boolean {
  return (c >= ZERO && c <= NINE) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}
