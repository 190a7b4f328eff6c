import type { ProblemCode } from '../shared/vocabulary.js';

/*
 * Every failure a caller can see is a Problem: REST renders it as RFC 7807 JSON,
 * MCP as a tool error with the same object. Codes are stable; titles and details may change.
 */

export type { ProblemCode };

export interface FieldError {
  field: string;
  message: string;
}

const TITLES: Record<ProblemCode, [status: number, title: string]> = {
  validation: [400, 'Validation Error'],
  unauthorized: [401, 'Unauthorized'],
  forbidden: [403, 'Forbidden'],
  'not-found': [404, 'Not Found'],
  'method-not-allowed': [405, 'Method Not Allowed'],
  'not-acceptable': [406, 'Not Acceptable'],
  'request-timeout': [408, 'Request Timeout'],
  'payload-too-large': [413, 'Payload Too Large'],
  'unsupported-media-type': [415, 'Unsupported Media Type'],
  'headers-too-large': [431, 'Request Header Fields Too Large'],
  'rate-limited': [429, 'Rate limit exceeded'],
  internal: [500, 'Internal Server Error'],
  unavailable: [503, 'Service Unavailable'],
  'email-unavailable': [503, 'Email Unavailable'],
  'two-factor-required': [401, 'Two-Factor Code Required'],
};

export const UNAUTHORIZED_DETAIL = 'A valid bearer token is required.';
export const INTERNAL_DETAIL = 'An unexpected error occurred.';

export class Problem extends Error {
  readonly status: number;
  readonly title: string;

  constructor(
    readonly code: ProblemCode,
    readonly detail: string,
    readonly extra: {
      errors?: FieldError[];
      /** Seconds; rendered as the Retry-After header (and `retryAfter` on MCP). */
      retryAfter?: number;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(detail);
    const [status, title] = TITLES[code];
    this.status = status;
    this.title = title;
  }

  /** The RFC 7807 body; `baseUrl` makes the type URI, `instance` is the request path. */
  toJSON(baseUrl: string, instance: string): ProblemBody {
    const body: ProblemBody = {
      type: `${baseUrl}/errors/${this.code}`,
      title: this.title,
      status: this.status,
      detail: this.detail,
      instance,
    };
    if (this.extra.errors) body.errors = this.extra.errors;
    return body;
  }
}

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  errors?: FieldError[];
  retryAfter?: number;
}

export const problems = {
  validation: (errors: FieldError[]) =>
    new Problem('validation', errors.map((e) => `${e.field}: ${e.message}`)[0] ?? 'The request is invalid.', {
      errors,
    }),
  invalidField: (field: string, message: string) => problems.validation([{ field, message }]),
  unauthorized: () => new Problem('unauthorized', UNAUTHORIZED_DETAIL),
  forbidden: () => new Problem('forbidden', 'Your role in this team does not allow this action.'),
  notFound: (what = 'resource') => new Problem('not-found', `The ${what} does not exist.`),
  internal: () => new Problem('internal', INTERNAL_DETAIL),
};
