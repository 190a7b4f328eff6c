import { problems } from './problem.js';

/*
 * Lists read newest first, a page at a time, keyed on (time, id): a page asks for one row more than
 * it answers, and the last row it answers is the cursor of the next (`<time ms>.<id>`). Unlike an
 * offset, a row written meanwhile never shifts a page nor repeats one.
 */

/** Where the previous page ended: the next one holds what is older than this. */
export interface KeysetCursor {
  at: number;
  id: string;
}

/** `<time ms>.<id>`; an id may be two ids joined by a dot (an entry written for every team carries its team's). */
const CURSOR = /^(\d{1,15})\.([0-9a-f-]{36}(?:\.[0-9a-f-]{36})?)$/;

/** The cursor a client passed back, or undefined for the first page; one this list did not answer is a 400. */
export function parseKeysetCursor(cursor: string | undefined): KeysetCursor | undefined {
  if (cursor === undefined) return undefined;
  const match = CURSOR.exec(cursor);
  if (!match) throw problems.invalidField('cursor', 'is not a cursor this list answered; start again without one');
  return { at: Number(match[1]), id: match[2]! };
}

/** The page of `rows` (read with `limit + 1`) and the cursor of the next page, null on the last one. */
export function keysetPage<R>(rows: readonly R[], limit: number, keyOf: (row: R) => KeysetCursor): { page: R[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  if (rows.length <= limit || last === undefined) return { page, nextCursor: null };
  const key = keyOf(last);
  return { page, nextCursor: `${key.at}.${key.id}` };
}
