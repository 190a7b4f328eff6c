/**
 * The dashboard's only way to the server: the same REST API as everyone else, with the session
 * cookie (sent by the browser) and the CSRF token on every state-changing call.
 */

export interface FieldError {
  field: string;
  message: string;
}

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

let csrfToken: string | null = null;
let onUnauthorized: (() => void) | null = null;

export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/** Called when a request answers 401: the session ended (signed out elsewhere, expired, removed). */
export function onSessionLost(handler: () => void): void {
  onUnauthorized = handler;
}

async function request<T>(method: string, path: string, body?: unknown, options: { quiet401?: boolean } = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET' && csrfToken) headers['x-csrf-token'] = csrfToken;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'network', 'Network error', 'The server could not be reached. Check your connection and try again.');
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!response.ok) {
    const code = typeof json?.type === 'string' ? json.type.split('/').pop() : 'internal';
    const retryHeader = response.headers.get('retry-after');
    const error = new ApiError(
      response.status,
      code,
      json?.title ?? response.statusText,
      json?.detail ?? 'Something went wrong.',
      Array.isArray(json?.errors) ? json.errors : [],
      retryHeader ? Number(retryHeader) : null,
    );
    if (response.status === 401 && !options.quiet401) onUnauthorized?.();
    throw error;
  }
  return json as T;
}

export const api = {
  get: <T>(path: string, options?: { quiet401?: boolean }) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: { quiet401?: boolean }) => request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, body),
  del: <T = void>(path: string) => request<T>('DELETE', path),
};
