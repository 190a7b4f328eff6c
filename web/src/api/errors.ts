import type { components } from './schema.js';

type Problem = components['schemas']['Problem'];
export type FieldError = NonNullable<Problem['errors']>[number];

/** An RFC 7807 problem from the API, or a network failure (status 0). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly title: string,
    readonly detail: string,
    readonly errors: FieldError[] = [],
    readonly retryAfter: number | null = null,
  ) {
    super(detail);
  }

  /** The message of one field (`auth.secret`), or undefined. */
  fieldMessage(field: string): string | undefined {
    return this.errors.find((e) => e.field === field)?.message;
  }
}

export function networkError(): ApiError {
  return new ApiError(0, 'network', 'Network error', 'The server could not be reached. Check your connection and try again.');
}

/** The error of an answer that is not a success; `body` is its parsed JSON, or its text when that is not JSON. */
export function problemError(response: Response, body: unknown): ApiError {
  const problem = typeof body === 'object' && body !== null ? (body as Partial<Problem>) : {};
  const retryAfter = response.headers.get('retry-after');
  return new ApiError(
    response.status,
    typeof problem.type === 'string' ? problem.type.split('/').pop()! : 'internal',
    problem.title ?? response.statusText,
    problem.detail ?? 'Something went wrong.',
    Array.isArray(problem.errors) ? problem.errors : [],
    retryAfter ? Number(retryAfter) : null,
  );
}
