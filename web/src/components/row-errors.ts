import type { ApiError } from '../api/errors.js';

export interface RowError {
  /** The field inside the row (`path`, `value`), or '' for the row as a whole. */
  part: string;
  message: string;
}

/**
 * The API's messages for item `index` of a list field (`assertions.2.path`, `headers.0.name`),
 * so that each shows beside the row it belongs to.
 */
export function rowErrors(error: ApiError | null, list: string, index: number): RowError[] {
  if (!error) return [];
  const prefix = `${list}.${index}`;
  return error.errors
    .filter((e) => e.field === prefix || e.field.startsWith(`${prefix}.`))
    .map((e) => ({ part: e.field.slice(prefix.length + 1), message: e.message }));
}

/** Labels for the error summary: `assertions.2.path` reads "Assertion 3 path". */
export function listFieldLabels(error: ApiError | null, lists: Record<string, { item: string; parts: Record<string, string> }>): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const { field } of error?.errors ?? []) {
    const [list, index, part] = field.split('.');
    const known = list === undefined ? undefined : lists[list];
    if (!known || index === undefined || !/^\d+$/.test(index)) continue;
    labels[field] = `${known.item} ${Number(index) + 1}${part === undefined ? '' : ` ${known.parts[part] ?? part}`}`;
  }
  return labels;
}
