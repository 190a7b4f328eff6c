/**
 * The dashboard's only way to the server: the same REST API as everyone else, typed from the
 * server's OpenAPI document, with the session cookie (sent by the browser) and the CSRF token on
 * every state-changing call.
 */
import createClient, { type Middleware } from 'openapi-fetch';
import { networkError, problemError } from './errors.js';
import type { Answer, ApiPaths, CallInit, Method, PathOf } from './paths.js';

let csrfToken: string | null = null;
let onUnauthorized: (() => void) | null = null;

export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/** Called when a request answers 401: the session ended (signed out elsewhere, expired, removed). */
export function onSessionLost(handler: () => void): void {
  onUnauthorized = handler;
}

const csrf: Middleware = {
  onRequest({ request }) {
    if (request.method !== 'GET' && csrfToken) request.headers.set('x-csrf-token', csrfToken);
  },
};

const sessionLost: Middleware = {
  onResponse({ request, response, schemaPath }) {
    // Reading the session and signing in answer 401 when nobody is signed in or the password is wrong: no session was lost.
    const signingIn = schemaPath === '/api/v1/session' && (request.method === 'GET' || request.method === 'POST');
    if (response.status === 401 && !signingIn) onUnauthorized?.();
  },
};

const unreachable: Middleware = {
  onError: () => networkError(),
};

const client = createClient<ApiPaths>({ credentials: 'same-origin', headers: { accept: 'application/json' } });
client.use(csrf, sessionLost, unreachable);

/** What a call answers on success: its JSON, or nothing for 204 No Content. */
export type Data<P extends keyof ApiPaths, M extends Method> = [Answer<P, M>] extends [never] ? undefined : Answer<P, M>;
/** The call's parameters and body, optional when it has neither. */
export type CallArgs<P extends keyof ApiPaths, M extends Method> =
  Record<string, never> extends CallInit<P, M> ? [init?: CallInit<P, M>] : [init: CallInit<P, M>];

/**
 * One method of the API: checks the path, its parameters and body against the document (the body
 * as an object literal, so an unknown field is an error too, which openapi-fetch's own signatures
 * let through), and resolves with the answer's JSON or throws an ApiError.
 */
function call<M extends Method>(method: M) {
  const send = client.request as (method: M, path: string, init?: object) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
  return async <P extends PathOf<M>>(path: P, ...[init]: CallArgs<P, M>): Promise<Data<P, M>> => {
    const { data, error, response } = await send(method, path, init);
    if (!response.ok) throw problemError(response, error);
    return data as Data<P, M>;
  };
}

export const api = {
  GET: call('get'),
  POST: call('post'),
  PUT: call('put'),
  PATCH: call('patch'),
  DELETE: call('delete'),
};
