import { parseJsonPath } from '../domain/assertions/json-path.js';
import { REQUEST_LIMITS } from '../shared/limits.js';
import type { ImportLog } from './document.js';

/*
 * Parts of an HTTP check both sources describe alike: request headers (where an `Authorization`
 * header becomes the monitor's `auth`, kept as a secret instead of a header shown in answers), and
 * paths into a JSON body.
 */

export type ImportedAuth =
  { type: 'bearer'; secret: string } | { type: 'basic'; username: string; secret: string } | { type: 'header'; headerName: string; secret: string };

export interface ImportedRequest {
  headers: Array<{ name: string; value: string }>;
  auth: ImportedAuth | null;
}

/** Headers Lookout sets itself and refuses in a monitor's headers. */
const OWN_HEADERS = ['host', 'content-length', 'transfer-encoding', 'connection'];

/** The credentials an `Authorization` value carries, as a monitor's `auth`. */
export function authFromHeader(value: string): ImportedAuth {
  const bearer = /^Bearer\s+(\S.*)$/i.exec(value);
  if (bearer) return { type: 'bearer', secret: bearer[1]!.trim() };
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(value);
  if (basic) {
    const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon > 0) return { type: 'basic', username: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
  }
  return { type: 'header', headerName: 'Authorization', secret: value };
}

/** Request headers as a monitor takes them; `Authorization` moves to `auth` unless the source gave credentials already. */
export function requestFrom(entries: ReadonlyArray<readonly [string, string]>, auth: ImportedAuth | null, name: string, log: ImportLog): ImportedRequest {
  const headers: Array<{ name: string; value: string }> = [];
  let credentials = auth;
  for (const [header, value] of entries) {
    const lower = header.toLowerCase();
    if (OWN_HEADERS.includes(lower)) {
      log.note(`${name}: header ${header} left out (Lookout sets it itself)`);
    } else if (lower === 'authorization' && credentials === null) {
      credentials = authFromHeader(value);
    } else if (lower === 'authorization') {
      log.note(`${name}: header Authorization left out (the monitor's credentials send it)`);
    } else {
      headers.push({ name: header, value });
    }
  }
  if (headers.length > REQUEST_LIMITS.headers) {
    log.note(
      `${name}: ${headers.length - REQUEST_LIMITS.headers} headers after the first ${REQUEST_LIMITS.headers} left out (a monitor sends at most ${REQUEST_LIMITS.headers})`,
    );
    headers.length = REQUEST_LIMITS.headers;
  }
  return { headers, auth: credentials };
}

/**
 * A URL that carries credentials (`https://user:password@host/`), which Lookout keeps apart: the
 * URL without them, and them as basic auth unless the source gave credentials already (then they
 * are dropped, said).
 */
export function urlCredentials(url: string, auth: ImportedAuth | null, name: string, log: ImportLog): { url: string; auth: ImportedAuth | null } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { url, auth };
  }
  if (parsed.username === '' && parsed.password === '') return { url, auth };
  const username = decodeURIComponent(parsed.username);
  const password = decodeURIComponent(parsed.password);
  parsed.username = '';
  parsed.password = '';
  if (auth !== null) {
    log.note(`${name}: credentials in the URL left out (the monitor's own credentials are sent)`);
    return { url: parsed.href, auth };
  }
  log.note(`${name}: credentials in the URL became basic auth`);
  return { url: parsed.href, auth: { type: 'basic', username, secret: password } };
}

/**
 * A path such as `data.items[0].status`, `$.data.status` or `[0].id` as a JSONPath Lookout
 * takes (`$.data.items[0].status`), or null when the text is an expression rather than a path.
 */
export function jsonPathFrom(path: string): string | null {
  const trimmed = path.trim();
  if (trimmed === '' || trimmed === '$') return '$';
  const body = trimmed.replace(/^\$/, '');
  const steps = body.startsWith('.') || body.startsWith('[') ? body : `.${body}`;
  if (!/^(\.[A-Za-z_][A-Za-z0-9_-]*|\[\d+\])+$/.test(steps)) return null;
  const candidate = `$${steps}`;
  return parseJsonPath(candidate).ok ? candidate : null;
}

/** A value compared in a JSON body: JSON's own literals (numbers, true, false, null) as such, anything else as text. */
export function jsonValueFrom(text: string): string | number | boolean | null {
  const trimmed = text.trim();
  if (/^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(trimmed)) return Number(trimmed);
  if (trimmed === 'true') return true;
  if (trimmed === 'false') return false;
  if (trimmed === 'null') return null;
  return text;
}
