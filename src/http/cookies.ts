import { SESSION_ABSOLUTE_MS, SESSION_COOKIE } from '../domain/sessions.js';

/** The value of one cookie from a Cookie header, or undefined. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    return value === '' ? undefined : value;
  }
  return undefined;
}

/** The session cookie: HttpOnly (scripts cannot read it), SameSite=Lax, Secure when the public URL is https. */
export function sessionCookie(secret: string, secure: boolean): string {
  return [`${SESSION_COOKIE}=${secret}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${SESSION_ABSOLUTE_MS / 1000}`, ...(secure ? ['Secure'] : [])].join(
    '; ',
  );
}

export function clearedSessionCookie(secure: boolean): string {
  return [`${SESSION_COOKIE}=`, 'Path=/', 'HttpOnly', 'SameSite=Lax', 'Max-Age=0', ...(secure ? ['Secure'] : [])].join('; ');
}

/** A header that may arrive more than once: the first value. */
export function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
