import { Resolver, type LookupAddress } from 'node:dns';
import { readFile } from 'node:fs';
import { isIP } from 'node:net';

export interface ResolverOptions {
  /** DNS servers (`ip`, `ip:port`, `[ipv6]:port`); the system's (resolv.conf) when absent. */
  servers?: readonly string[];
  /** How long one query waits for an answer before it is tried again (twice in all). */
  queryTimeoutMs?: number;
  /** The hosts file consulted before DNS. */
  hostsFile?: string;
}

export type ResolveCallback = (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void;

/**
 * Resolves check targets without the libuv thread pool. `dns.lookup` (getaddrinfo) runs on that
 * pool's 4 threads, shared with file access and crypto: 4 lookups a slow DNS server holds stall
 * every other check. This asks DNS through c-ares on the event loop instead (any number of slow
 * queries at once, each with a timeout), after `localhost` names and the hosts file, which
 * getaddrinfo would have answered without DNS.
 */
export class HostResolver {
  private readonly resolver: Resolver;
  private readonly hostsFile: string;
  private hosts = new Map<string, LookupAddress[]>();
  private hostsReadAt = -Infinity;
  private hostsReading = false;

  constructor(options: ResolverOptions = {}) {
    this.resolver = new Resolver({ timeout: options.queryTimeoutMs ?? 2500, tries: 2 });
    if (options.servers) this.resolver.setServers([...options.servers]);
    this.hostsFile = options.hostsFile ?? '/etc/hosts';
  }

  /**
   * The addresses of `hostname` of the family asked for (0: both, IPv4 first). Always answers on a
   * later turn of the event loop, as `dns.lookup` does: a socket emits its `lookup` event from this
   * callback, and a listener attached when an HTTP request hands out its socket (itself on the next
   * tick) must not miss it.
   */
  resolve(hostname: string, family: number, callback: ResolveCallback): void {
    const answer = (addresses: LookupAddress[]): void => void setImmediate(callback, null, addresses);
    const name = hostname.toLowerCase().replace(/\.$/, '');
    const literal = isIP(name);
    if (literal !== 0) {
      answer(family === 0 || family === literal ? [{ address: name, family: literal }] : []);
      return;
    }
    // localhost names never leave the machine.
    if (name === 'localhost' || name.endsWith('.localhost')) {
      answer(ofFamily(LOCALHOST, family));
      return;
    }
    const listed = this.hostsTable().get(name);
    if (listed) {
      const addresses = ofFamily(listed, family);
      if (addresses.length > 0) {
        answer(addresses);
        return;
      }
    }
    if (family === 4) {
      this.query4(name, callback);
      return;
    }
    if (family === 6) {
      this.query6(name, callback);
      return;
    }
    let pending = 2;
    let v4: LookupAddress[] = [];
    let v6: LookupAddress[] = [];
    let firstError: NodeJS.ErrnoException | null = null;
    const settle = (): void => {
      if (--pending > 0) return;
      const addresses = v4.concat(v6);
      callback(addresses.length > 0 ? null : (firstError ?? notFound(name)), addresses);
    };
    this.query4(name, (error, addresses) => {
      v4 = addresses;
      firstError ??= error;
      settle();
    });
    this.query6(name, (error, addresses) => {
      v6 = addresses;
      firstError ??= error;
      settle();
    });
  }

  private query4(name: string, callback: ResolveCallback): void {
    this.resolver.resolve4(name, (error, addresses) =>
      error
        ? callback(dnsError(error, name), [])
        : callback(
            null,
            addresses.map((address) => ({ address, family: 4 })),
          ),
    );
  }

  private query6(name: string, callback: ResolveCallback): void {
    this.resolver.resolve6(name, (error, addresses) =>
      error
        ? callback(dnsError(error, name), [])
        : callback(
            null,
            addresses.map((address) => ({ address, family: 6 })),
          ),
    );
  }

  /**
   * The hosts file as last read; read again (in the background) at most every 30 s. The file changes
   * in real time, so its age is read on the machine's clock, not on the rules' clock.
   */
  private hostsTable(): Map<string, LookupAddress[]> {
    const now = Date.now();
    if (now - this.hostsReadAt > 30_000 && !this.hostsReading) {
      this.hostsReading = true;
      readFile(this.hostsFile, 'utf8', (error, text) => {
        this.hostsReading = false;
        this.hostsReadAt = Date.now();
        this.hosts = error ? new Map<string, LookupAddress[]>() : parseHosts(text);
      });
    }
    return this.hosts;
  }

  /** Reads the hosts file now (at start), so that the first checks already see it. */
  async ready(): Promise<void> {
    await new Promise<void>((resolve) =>
      readFile(this.hostsFile, 'utf8', (error, text) => {
        this.hostsReadAt = Date.now();
        this.hosts = error ? new Map<string, LookupAddress[]>() : parseHosts(text);
        resolve();
      }),
    );
  }

  cancel(): void {
    this.resolver.cancel();
  }
}

const LOCALHOST: LookupAddress[] = [
  { address: '127.0.0.1', family: 4 },
  { address: '::1', family: 6 },
];

function ofFamily(addresses: LookupAddress[], family: number): LookupAddress[] {
  return family === 0 ? addresses : addresses.filter((a) => a.family === family);
}

/** `address name alias…` lines; `#` starts a comment. */
export function parseHosts(text: string): Map<string, LookupAddress[]> {
  const table = new Map<string, LookupAddress[]>();
  for (const raw of text.split('\n')) {
    const [address, ...names] = raw.replace(/#.*/, '').trim().split(/\s+/);
    const family = address ? isIP(address.replace(/%.*/, '')) : 0;
    if (family === 0) continue;
    for (const name of names) {
      const key = name.toLowerCase().replace(/\.$/, '');
      const list = table.get(key) ?? [];
      if (!list.some((a) => a.address === address)) list.push({ address: address!, family });
      // IPv4 first, as for DNS answers.
      list.sort((a, b) => a.family - b.family);
      table.set(key, list);
    }
  }
  return table;
}

/**
 * c-ares codes as the checks classify them: a name that does not exist or has no address is
 * ENOTFOUND; a server that fails, refuses or does not answer is EAI_AGAIN (not a refused connection
 * to the target).
 */
function dnsError(error: NodeJS.ErrnoException, name: string): NodeJS.ErrnoException {
  const missing = error.code === 'ENOTFOUND' || error.code === 'ENODATA' || error.code === 'ENONAME';
  const wrapped: NodeJS.ErrnoException = new Error(
    missing ? `${name} has no address (DNS ${error.code!})` : `DNS lookup of ${name} failed (${error.code ?? 'error'})`,
  );
  wrapped.code = missing ? 'ENOTFOUND' : 'EAI_AGAIN';
  return wrapped;
}

function notFound(name: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(`${name} has no address`);
  error.code = 'ENOTFOUND';
  return error;
}
