import { createServer } from 'node:net';

/**
 * A browser without a browser: follows redirects by hand, keeping each origin's cookies, so a test
 * can walk a sign-in from Lookout to an identity provider and back over plain HTTP.
 */
export class BrowserJar {
  private readonly cookies = new Map<string, Map<string, string>>();

  /** `aliases`: origins reached at another address (a server's public URL → where it listens). */
  constructor(private readonly aliases: Record<string, string> = {}) {}

  /** The cookie `name` this jar holds for `origin`. */
  cookie(origin: string, name: string): string | undefined {
    return this.cookies.get(new URL(origin).host)?.get(name);
  }

  setCookie(origin: string, name: string, value: string): void {
    const host = new URL(origin).host;
    if (!this.cookies.has(host)) this.cookies.set(host, new Map());
    this.cookies.get(host)!.set(name, value);
  }

  /** One GET, no redirect followed; cookies sent and stored. */
  async get(address: string): Promise<{ status: number; location: string | null; headers: Headers; text: string; url: string }> {
    let url = address;
    for (const [alias, real] of Object.entries(this.aliases)) if (url.startsWith(`${alias}/`)) url = real + url.slice(alias.length);
    const host = new URL(url).host;
    const jar = this.cookies.get(host);
    const cookie = jar ? [...jar].map(([k, v]) => `${k}=${v}`).join('; ') : '';
    const response = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (!this.cookies.has(host)) this.cookies.set(host, new Map());
      if (expired) this.cookies.get(host)!.delete(name);
      else this.cookies.get(host)!.set(name, value);
    }
    const location = response.headers.get('location');
    return {
      status: response.status,
      location: location === null ? null : new URL(location, url).href,
      headers: response.headers,
      text: await response.text(),
      url,
    };
  }

  /**
   * Follows redirects from `url` until an answer that is not one, or until `stop` says so of the
   * next address (to keep a callback for later); answers every step.
   */
  async follow(url: string, stop: (next: string) => boolean = () => false): Promise<Array<Awaited<ReturnType<BrowserJar['get']>>>> {
    const steps: Array<Awaited<ReturnType<BrowserJar['get']>>> = [];
    let next: string | null = url;
    for (let i = 0; next !== null && i < 20; i++) {
      if (i > 0 && stop(next)) break;
      const step = await this.get(next);
      steps.push(step);
      next = step.status >= 300 && step.status < 400 ? step.location : null;
    }
    return steps;
  }
}

/** A TCP port free right now on the loopback address, for a server whose public URL must name its port before it starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
