import type { LookupFunction } from 'node:net';
import type { DomainExpiry } from '../../checks/check-result.js';
import { fetchJson } from './rdap-fetch.js';

/*
 * RDAP for domain monitors (RFC 9082/9083, the bootstrap of RFC 9224): which registry serves a
 * domain, from IANA's bootstrap file for DNS, and when the domain's registration expires, from
 * that registry. Both are kept 12 hours, whatever a monitor's interval: registries limit how often
 * they are asked, and an expiry date does not move by the minute. One instance per bootstrap
 * address in a process, so that the checks and the create rule (a TLD with no RDAP service is
 * refused) share what they read.
 */

/** IANA's bootstrap file for DNS; LOOKOUT_RDAP_BOOTSTRAP_URL overrides it. */
export const IANA_RDAP_BOOTSTRAP = 'https://data.iana.org/rdap/dns.json';
/** How long a bootstrap file and a domain's answer are kept. */
export const RDAP_CACHE_MS = 12 * 60 * 60 * 1000;
/** Domains whose answers are kept at most; the oldest goes first. */
const CACHED_DOMAINS = 10_000;
const BOOTSTRAP_BYTES = 2 * 1024 * 1024;
const BOOTSTRAP_TIMEOUT_MS = 10_000;
/** A registry's answer about one domain is a few KiB; more is not an answer Lookout reads. */
const ANSWER_BYTES = 256 * 1024;
const TEXT_CHARS = 200;

export type ExpiryAnswer = { ok: true; expiry: DomainExpiry & { expiresAt: string } } | { ok: false; rdapUrl: string | null; reason: string };

interface Bootstrap {
  at: number;
  /** Lower-case suffix (a TLD, or more labels) → the registry's base URLs. */
  services: Map<string, string[]>;
}

export class Rdap {
  private bootstrap: Bootstrap | null = null;
  private loading: Promise<Bootstrap | string> | null = null;
  private readonly answers = new Map<string, { at: number; answer: ExpiryAnswer & { ok: true } }>();

  constructor(
    readonly bootstrapUrl: string,
    private readonly userAgent: string,
  ) {}

  /** Whether a registry serves the domain's TLD; null when the bootstrap file cannot be read (nothing to judge on). */
  async serves(domain: string, now: number): Promise<boolean | null> {
    const bootstrap = await this.bootstrapAt(now);
    return typeof bootstrap === 'string' ? null : baseUrlsFor(bootstrap, domain) !== null;
  }

  /** When the domain expires: a kept answer younger than 12 hours, else the registry's. */
  async expiry(domain: string, now: number, timeoutMs: number, lookup?: LookupFunction): Promise<ExpiryAnswer> {
    const kept = this.answers.get(domain);
    if (kept && now - kept.at < RDAP_CACHE_MS && now >= kept.at) return kept.answer;
    const bootstrap = await this.bootstrapAt(now);
    if (typeof bootstrap === 'string') return { ok: false, rdapUrl: null, reason: `the RDAP bootstrap file could not be read: ${bootstrap}` };
    const bases = baseUrlsFor(bootstrap, domain);
    if (bases === null) return { ok: false, rdapUrl: null, reason: `no registry serves .${domain.slice(domain.lastIndexOf('.') + 1)} over RDAP` };
    // RFC 7480: a base URL ends with a slash; HTTPS first when a registry lists both.
    const base = [...bases].sort((a, b) => Number(b.startsWith('https:')) - Number(a.startsWith('https:')))[0]!;
    const rdapUrl = `${base.endsWith('/') ? base : `${base}/`}domain/${encodeURIComponent(domain)}`;
    const fetched = await fetchJson(rdapUrl, { timeoutMs, maxBytes: ANSWER_BYTES, userAgent: this.userAgent, lookup });
    if (!fetched.ok) {
      const reason = fetched.status === 404 ? 'the registry does not know the domain (404)' : fetched.reason;
      return { ok: false, rdapUrl, reason };
    }
    const read = readDomainAnswer(fetched.json);
    if (typeof read === 'string') return { ok: false, rdapUrl, reason: read };
    const answer = { ok: true as const, expiry: { ...read, rdapUrl } };
    this.answers.delete(domain);
    this.answers.set(domain, { at: now, answer });
    if (this.answers.size > CACHED_DOMAINS) this.answers.delete(this.answers.keys().next().value!);
    return answer;
  }

  /** The bootstrap file, read again after 12 hours; a stale one serves while a new one cannot be read. */
  private async bootstrapAt(now: number): Promise<Bootstrap | string> {
    if (this.bootstrap && now - this.bootstrap.at < RDAP_CACHE_MS && now >= this.bootstrap.at) return this.bootstrap;
    this.loading ??= this.loadBootstrap(now).finally(() => (this.loading = null));
    const loaded = await this.loading;
    if (typeof loaded !== 'string') this.bootstrap = loaded;
    return typeof loaded === 'string' ? (this.bootstrap ?? loaded) : loaded;
  }

  private async loadBootstrap(now: number): Promise<Bootstrap | string> {
    const fetched = await fetchJson(this.bootstrapUrl, { timeoutMs: BOOTSTRAP_TIMEOUT_MS, maxBytes: BOOTSTRAP_BYTES, userAgent: this.userAgent });
    if (!fetched.ok) return fetched.reason;
    const services = readBootstrap(fetched.json);
    return services === null ? 'it is not an RDAP bootstrap file (RFC 9224)' : { at: now, services };
  }
}

const instances = new Map<string, Rdap>();

/** The one RDAP reader of a bootstrap address in this process. */
export function rdapFor(bootstrapUrl: string, userAgent: string): Rdap {
  let rdap = instances.get(bootstrapUrl);
  if (!rdap) instances.set(bootstrapUrl, (rdap = new Rdap(bootstrapUrl, userAgent)));
  return rdap;
}

/** RFC 9224: `services` is a list of [[suffixes], [base URLs]]. Null when the file is not that. */
export function readBootstrap(json: unknown): Map<string, string[]> | null {
  const services = (json as { services?: unknown } | null)?.services;
  if (!Array.isArray(services)) return null;
  const map = new Map<string, string[]>();
  for (const service of services) {
    if (!Array.isArray(service) || !Array.isArray(service[0]) || !Array.isArray(service[1])) continue;
    const urls = (service[1] as unknown[]).filter((u): u is string => typeof u === 'string' && /^https?:\/\//i.test(u) && u.length <= 2048);
    if (urls.length === 0) continue;
    for (const suffix of service[0] as unknown[]) {
      if (typeof suffix === 'string' && suffix.length > 0 && suffix.length <= 253) map.set(suffix.toLowerCase().replace(/^\.|\.$/g, ''), urls);
    }
  }
  return map;
}

/** The registry of the longest suffix of the domain the bootstrap lists (RFC 9224 §4), or null. */
function baseUrlsFor(bootstrap: Bootstrap, domain: string): string[] | null {
  const labels = domain.toLowerCase().replace(/\.$/, '').split('.');
  for (let i = 1; i < labels.length; i++) {
    const urls = bootstrap.services.get(labels.slice(i).join('.'));
    if (urls) return urls;
  }
  return null;
}

/** The expiry and the registrar of an RDAP domain answer (RFC 9083 §5.3, §4.5 events), or why it gives none. */
export function readDomainAnswer(json: unknown): { expiresAt: string; registrar: string | null } | string {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return 'the answer is not an RDAP domain object';
  const { events, entities } = json as { events?: unknown; entities?: unknown };
  if (!Array.isArray(events)) return 'the answer has no events, so no expiration date';
  const expiration = events.find(
    (e): e is { eventDate: string } =>
      e !== null &&
      typeof e === 'object' &&
      typeof (e as { eventAction?: unknown }).eventAction === 'string' &&
      (e as { eventAction: string }).eventAction.toLowerCase() === 'expiration' &&
      typeof (e as { eventDate?: unknown }).eventDate === 'string',
  );
  if (!expiration) return 'the answer has no expiration event';
  const at = Date.parse(expiration.eventDate.slice(0, 64));
  if (!Number.isFinite(at)) return 'the expiration date is not a date';
  return { expiresAt: new Date(at).toISOString(), registrar: registrarOf(entities) };
}

/** The `fn` of the vCard of the entity with the role `registrar`, if any. */
function registrarOf(entities: unknown): string | null {
  if (!Array.isArray(entities)) return null;
  for (const entity of entities.slice(0, 50)) {
    const { roles, vcardArray } = (entity ?? {}) as { roles?: unknown; vcardArray?: unknown };
    if (!Array.isArray(roles) || !roles.includes('registrar') || !Array.isArray(vcardArray) || !Array.isArray(vcardArray[1])) continue;
    const fn = (vcardArray[1] as unknown[]).find((p): p is unknown[] => Array.isArray(p) && p[0] === 'fn' && typeof p[3] === 'string');
    if (fn)
      return (
        (fn[3] as string)
          // eslint-disable-next-line no-control-regex -- control characters are dropped from what a run shows
          .replace(/[\u0000-\u001f\u007f]/g, '')
          .trim()
          .slice(0, TEXT_CHARS) || null
      );
  }
  return null;
}
