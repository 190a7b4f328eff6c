import { z } from 'zod';
import { Problem, problems, type FieldError } from './problem.js';

/**
 * A request body that could not be parsed as JSON. The transport hands it on instead of
 * failing at once, so that authentication, rate limit, role and lookup are judged first: a
 * malformed body is a 400 only for a caller who would otherwise get past all of them.
 */
export class MalformedBody {
  /** `wellFormed`: the body may be JSON, but one too deep or too many-valued to be parsed at all. */
  constructor(
    readonly reason: string,
    readonly wellFormed = false,
  ) {}

  /** What a problem says of the body. */
  get message(): string {
    return this.wellFormed ? `was not read: ${this.reason}` : `is not valid JSON (${this.reason})`;
  }
}

/** Validates input against a schema; failures become one 400 problem listing every field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  if (input instanceof MalformedBody) throw problems.invalidField('body', input.message);
  const value = input === undefined ? {} : input;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw problems.validation(fieldErrors(result.error.issues, value));
}

export function fieldErrors(issues: readonly z.core.$ZodIssue[], input: unknown): FieldError[] {
  const errors: FieldError[] = [];
  for (const issue of issues) {
    const path = issue.path.map(String);
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) errors.push({ field: fieldName([...path, key]), message: 'is not allowed' });
      continue;
    }
    errors.push({ field: fieldName(path), message: messageFor(issue, valueAt(input, issue.path)) });
  }
  return errors;
}

function fieldName(path: string[]): string {
  return path.length === 0 ? 'body' : path.join('.');
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = input;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

const TYPE_NAMES: Record<string, string> = {
  int: 'an integer',
  number: 'a number',
  string: 'a string',
  boolean: 'a boolean',
  array: 'an array',
  object: 'a JSON object',
};

function messageFor(issue: z.core.$ZodIssue, value: unknown): string {
  switch (issue.code) {
    case 'invalid_type':
      if (value === undefined) return 'is required';
      if (!issue.message.startsWith('Invalid input')) return issue.message;
      return `must be ${TYPE_NAMES[issue.expected] ?? issue.expected}`;
    case 'invalid_value':
      if (value === undefined) return 'is required';
      return `must be one of ${issue.values.map(String).join(', ')}`;
    case 'invalid_format':
      return issue.format === 'regex' ? issue.message : `must be a valid ${issue.format}`;
    case 'too_small':
      if (issue.origin === 'string') return issue.minimum === 1 ? 'must not be empty' : `must be at least ${issue.minimum} characters`;
      if (issue.origin === 'array') return `must have at least ${issue.minimum} item${issue.minimum === 1 ? '' : 's'}`;
      return `must be at least ${issue.minimum}`;
    case 'too_big':
      if (issue.origin === 'string') return `must be at most ${issue.maximum} characters`;
      if (issue.origin === 'array') return `must have at most ${issue.maximum} items`;
      return `must be at most ${issue.maximum}`;
    default:
      return issue.message;
  }
}

/* Building blocks shared by every request shape, so each limit reads the same everywhere. */

/** A string of 1..max characters that is not only white space (names, titles, messages). */
export function text(max: number) {
  return (
    z
      .string()
      .min(1, { abort: true })
      .max(max)
      .refine((s) => s.trim().length > 0, { message: 'must not be only white space', abort: true })
      // PostgreSQL cannot store NUL in text; no name or message needs one.
      .refine((s) => !s.includes('\u0000'), { message: 'must not contain NUL characters' })
  );
}

/** A JSON integer within [min, max], with one message naming both bounds. */
export function intRange(min: number, max: number) {
  const message = `must be an integer from ${min} to ${max}`;
  return z.int({ error: message }).min(min, message).max(max, message);
}

export const uuid = () => z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'must be a UUID');

/**
 * A union picked by `discriminator` that, when the discriminator is missing or unknown, still
 * judges every other field it can: fields all variants share are required as they are there,
 * fields of some variants are judged when present, and a field no variant has is not allowed.
 * Zod alone stops at the discriminator, so a bad `type` would hide every other mistake.
 */
export function judgedUnion<const Options extends readonly [z.ZodObject, ...z.ZodObject[]]>(
  discriminator: string,
  options: Options,
  params?: {
    error?: (issue: z.core.$ZodRawIssue) => string | undefined;
    /**
     * Schemas for fields whose rules differ from variant to variant (an operator each variant
     * lists differently), used instead of the first variant's when the discriminator is unknown.
     */
    fallback?: Record<string, z.ZodType>;
  },
) {
  const shapes = options.map((option) => option.shape as Record<string, z.ZodType>);
  const fallback: Record<string, z.ZodType> = { ...params?.fallback };
  for (const shape of shapes) {
    for (const [key, schema] of Object.entries(shape)) {
      if (key === discriminator || key in fallback) continue;
      fallback[key] = shapes.every((s) => key in s) ? schema : schema.optional();
    }
  }
  const others = z.strictObject({ [discriminator]: z.unknown().optional(), ...fallback });
  return z.discriminatedUnion(discriminator, options, params?.error ? { error: params.error } : undefined).superRefine(
    (value, ctx) => {
      const result = others.safeParse(value);
      if (result.success) return;
      // Copied as they are: their paths are relative to this value, as the refinement's own would be.
      for (const issue of result.error.issues) ctx.addIssue({ ...issue });
    },
    {
      when: (payload) => payload.issues.some((issue) => issue.code === 'invalid_union' && issue.path?.length === 1 && issue.path[0] === discriminator),
    },
  );
}

/** Validates input against a schema, collecting the failures instead of throwing, so that checks a schema cannot make can add theirs. */
export function parseCollecting<S extends z.ZodType>(schema: S, input: unknown): { value: z.output<S> | undefined; errors: FieldError[] } {
  try {
    return { value: parseInput(schema, input), errors: [] };
  } catch (error) {
    if (!(error instanceof Problem) || !error.extra.errors) throw error;
    return { value: undefined, errors: [...error.extra.errors] };
  }
}

/** Errors sorted by the order of their top-level fields (`body` first), keeping the order within a field. */
export function inFieldOrder(errors: FieldError[], order: readonly string[]): FieldError[] {
  const rank = (field: string) => {
    const index = order.indexOf(field.split('.')[0]!);
    return field === 'body' ? -1 : index === -1 ? order.length : index;
  };
  return errors
    .map((error, i) => ({ error, i }))
    .sort((a, b) => rank(a.error.field) - rank(b.error.field) || a.i - b.i)
    .map((e) => e.error);
}

/** A refinement for a list of ids: each id at most once (case does not matter), naming the repeated item. */
export function distinctIds(ids: string[], ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  ids.forEach((id, i) => {
    const key = id.toLowerCase();
    if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i], message: 'is listed more than once' });
    seen.add(key);
  });
}
