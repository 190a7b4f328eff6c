/**
 * The small JSONPath subset assertions use: `$`, then any number of `.name` and `[index]` steps,
 * as in `$.data.items[0].status`. A name is one or more characters other than `.`, `[`, `]`,
 * quotes and white space; an index is a non-negative integer. Nothing else (no wildcards, filters,
 * slices or scripts): a path names at most one value (read by json-select.ts).
 */

export type PathStep = { name: string } | { index: number };

export type ParsedPath = { ok: true; steps: PathStep[] } | { ok: false; message: string };

const NAME = /^[^.[\]\s'"]+/;
const INDEX = /^\[(0|[1-9][0-9]{0,8})\]/;

/** Parses a path; the message of a failure says where and why, for a 400 on the field. */
export function parseJsonPath(path: string): ParsedPath {
  if (!path.startsWith('$')) return { ok: false, message: 'must start with $ (such as $.data.items[0].status)' };
  const steps: PathStep[] = [];
  let rest = path.slice(1);
  while (rest.length > 0) {
    const at = path.length - rest.length;
    if (rest.startsWith('.')) {
      const name = NAME.exec(rest.slice(1));
      if (!name) return { ok: false, message: `needs a name after the dot at character ${at + 1}` };
      steps.push({ name: name[0] });
      rest = rest.slice(1 + name[0].length);
      continue;
    }
    if (rest.startsWith('[')) {
      const index = INDEX.exec(rest);
      if (!index) return { ok: false, message: `has a bad index at character ${at + 1}: only [0], [1], … are allowed` };
      steps.push({ index: Number(index[1]) });
      rest = rest.slice(index[0].length);
      continue;
    }
    return { ok: false, message: `has an unexpected character at ${at + 1}: use .name and [index] steps only` };
  }
  return { ok: true, steps };
}

export type PathValue = { found: true; value: unknown } | { found: false };
