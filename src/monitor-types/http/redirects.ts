/** One request of a check: the first to the monitor's URL, the others after redirects. */
export interface Hop {
  url: URL;
  method: string;
  body: string | null;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export function isRedirect(status: number): boolean {
  return REDIRECTS.has(status);
}

/**
 * The request a redirect asks for, as browsers make it: 303 (and 301/302 after a POST) becomes a
 * GET without a body; 307 and 308 repeat the method and body. A Location that is missing, does
 * not parse or is not http(s) cannot be followed: the answer that carried it is the final one.
 */
export function nextHop(current: Hop, status: number, location: string | undefined): { hop: Hop } | { reason: string } {
  if (location === undefined || location === '') return { reason: 'it has no Location' };
  let url: URL;
  try {
    url = new URL(location, current.url);
  } catch {
    return { reason: 'its Location is not a URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { reason: `its Location is not an http(s) URL (${url.protocol})` };
  // Credentials written into a Location are the target's, not the monitor's: never sent.
  url.username = '';
  url.password = '';
  url.hash = '';
  const becomesGet = status === 303 ? current.method !== 'HEAD' : (status === 301 || status === 302) && current.method === 'POST';
  return { hop: becomesGet ? { url, method: 'GET', body: null } : { url, method: current.method, body: current.body } };
}
