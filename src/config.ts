import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { z } from 'zod';

import { REGION_NAME, REGIONS, type BuiltInRegion } from './shared/vocabulary.js';

export const TARGET_POLICIES = ['all', 'no-link-local', 'public-only'] as const;

export interface Config {
  port: number;
  host: string;
  /** `{base_url}`: no trailing slash. */
  publicUrl: string;
  databaseUrl: string;
  redisUrl: string | null;
  /** Base64 of 32 bytes, or null to use (or create) `<dataDir>/secret.key` with SQLite. */
  secretKey: string | null;
  /** Regions this process checks; empty means an API-only node. The others are served to probes. */
  regions: BuiltInRegion[];
  /** Regions only remote probes serve (LOOKOUT_EXTRA_REGIONS), besides the built-in ones. */
  extraRegions: string[];
  targetPolicy: (typeof TARGET_POLICIES)[number];
  smtpUrl: string | null;
  logLevel: string;
  bootstrap: boolean;
  runRetentionHours: number;
  /**
   * Which proxies' `X-Forwarded-For` decides a request's client address (Fastify's `trustProxy`):
   * false (the connecting peer is the client), true (the left-most forwarded address), a number of
   * hops to trust, or the addresses/CIDRs of the proxies.
   */
  trustProxy: TrustProxy;
  /** Checks of one team run at once per region in one process. */
  teamConcurrency: number;
  /** Monitors one team may have (not counting deleted ones); null: no cap. */
  maxMonitorsPerTeam: number | null;
  /** DNS servers (`ip` or `ip:port`) that resolve check targets; null: the system's (resolv.conf). */
  dnsServers: string[] | null;
  /** IANA's RDAP bootstrap file for DNS, or another with its format (LOOKOUT_RDAP_BOOTSTRAP_URL, for tests and mirrors). */
  rdapBootstrapUrl: string;
  /** Threads that run this process's checks; 0 or 1: the main thread's event loop runs them. */
  checkThreads: number;
  /** The API addresses of the notification providers with a fixed one (no trailing slash): the real ones unless set. */
  providerUrls: ProviderUrls;
  /** Sign-in with an OpenID Connect provider; null when LOOKOUT_OIDC_ISSUER is not set. */
  oidc: OidcConfig | null;
}

export interface OidcConfig {
  /** The issuer identifier, as the provider's discovery document names it (https, or http on a loopback address). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The provider's name on the sign-in button ("Sign in with <name>"). */
  name: string;
  /** True: password sign-in is off (tokens and the CLI still work). */
  only: boolean;
}

export interface ProviderUrls {
  telegram: string;
  pagerduty: string;
  opsgenie: string;
  opsgenieEu: string;
  pushover: string;
}

/** An http(s) base address of a provider's API, kept without its trailing slash. */
const apiUrl = (real: string) =>
  z
    .url({ protocol: /^https?$/ })
    .default(real)
    .transform((url) => url.replace(/\/+$/, ''));

export type TrustProxy = boolean | number | string[];

const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATABASE_URL: z.string().min(1).default('file:./data/lookout.db'),
  REDIS_URL: z.string().min(1).optional(),
  LOOKOUT_SECRET_KEY: z.string().min(1).optional(),
  LOOKOUT_REGIONS: z.string().default(REGIONS.join(',')),
  LOOKOUT_EXTRA_REGIONS: z.string().optional(),
  LOOKOUT_TARGET_POLICY: z.enum(TARGET_POLICIES).default('no-link-local'),
  SMTP_URL: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOOKOUT_BOOTSTRAP: z.enum(['true', 'false']).default('true'),
  LOOKOUT_RUN_RETENTION_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 400)
    .default(24),
  TRUST_PROXY: z.string().optional(),
  LOOKOUT_TEAM_CONCURRENCY: z.coerce.number().int().min(1).max(100_000).default(32),
  LOOKOUT_MAX_MONITORS_PER_TEAM: z.coerce.number().int().min(1).max(1_000_000_000).optional(),
  LOOKOUT_DNS_SERVERS: z.string().min(1).optional(),
  LOOKOUT_RDAP_BOOTSTRAP_URL: z.url({ protocol: /^https?$/ }).default('https://data.iana.org/rdap/dns.json'),
  // One per core by default: checks then use the whole machine, the main thread keeping the API and the recorder.
  LOOKOUT_CHECK_THREADS: z.coerce.number().int().min(0).max(256).default(availableParallelism()),
  LOOKOUT_TELEGRAM_API_URL: apiUrl('https://api.telegram.org'),
  LOOKOUT_PAGERDUTY_API_URL: apiUrl('https://events.pagerduty.com'),
  LOOKOUT_OPSGENIE_API_URL: apiUrl('https://api.opsgenie.com'),
  LOOKOUT_OPSGENIE_EU_API_URL: apiUrl('https://api.eu.opsgenie.com'),
  LOOKOUT_PUSHOVER_API_URL: apiUrl('https://api.pushover.net'),
  LOOKOUT_OIDC_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
  LOOKOUT_OIDC_CLIENT_ID: z.string().min(1).max(1000).optional(),
  LOOKOUT_OIDC_CLIENT_SECRET: z.string().min(1).max(4000).optional(),
  LOOKOUT_OIDC_NAME: z.string().trim().min(1).max(100).optional(),
  LOOKOUT_OIDC_ONLY: z.enum(['true', 'false']).default('false'),
});

/** Every environment variable the configuration reads (compose.yaml's services set no other). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(Env.shape);

export class ConfigError extends Error {}

/** Reads the environment variables of `Env` above (with their defaults); a bad value stops start-up with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${issue.path.join('.')}: ${issue.message}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL ?? null,
    secretKey: e.LOOKOUT_SECRET_KEY ?? null,
    regions: parseRegions(e.LOOKOUT_REGIONS),
    extraRegions: parseExtraRegions(e.LOOKOUT_EXTRA_REGIONS ?? ''),
    targetPolicy: e.LOOKOUT_TARGET_POLICY,
    smtpUrl: e.SMTP_URL ?? null,
    logLevel: e.LOG_LEVEL,
    bootstrap: e.LOOKOUT_BOOTSTRAP === 'true',
    runRetentionHours: e.LOOKOUT_RUN_RETENTION_HOURS,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    teamConcurrency: e.LOOKOUT_TEAM_CONCURRENCY,
    maxMonitorsPerTeam: e.LOOKOUT_MAX_MONITORS_PER_TEAM ?? null,
    dnsServers: e.LOOKOUT_DNS_SERVERS === undefined ? null : parseDnsServers(e.LOOKOUT_DNS_SERVERS),
    rdapBootstrapUrl: e.LOOKOUT_RDAP_BOOTSTRAP_URL,
    checkThreads: e.LOOKOUT_CHECK_THREADS,
    providerUrls: {
      telegram: e.LOOKOUT_TELEGRAM_API_URL,
      pagerduty: e.LOOKOUT_PAGERDUTY_API_URL,
      opsgenie: e.LOOKOUT_OPSGENIE_API_URL,
      opsgenieEu: e.LOOKOUT_OPSGENIE_EU_API_URL,
      pushover: e.LOOKOUT_PUSHOVER_API_URL,
    },
    oidc: parseOidc(e),
  };
}

/**
 * The OpenID Connect settings: all of issuer, client id and secret, or none. The issuer must be
 * https (its discovery document and keys decide who may sign in); plain http only on a loopback
 * address, where nothing crosses a network.
 */
function parseOidc(e: z.infer<typeof Env>): OidcConfig | null {
  const given = [e.LOOKOUT_OIDC_ISSUER, e.LOOKOUT_OIDC_CLIENT_ID, e.LOOKOUT_OIDC_CLIENT_SECRET];
  if (given.every((v) => v === undefined)) {
    if (e.LOOKOUT_OIDC_ONLY === 'true')
      throw new ConfigError('Invalid configuration: LOOKOUT_OIDC_ONLY: needs LOOKOUT_OIDC_ISSUER, LOOKOUT_OIDC_CLIENT_ID and LOOKOUT_OIDC_CLIENT_SECRET');
    return null;
  }
  if (given.some((v) => v === undefined)) {
    throw new ConfigError('Invalid configuration: LOOKOUT_OIDC_ISSUER, LOOKOUT_OIDC_CLIENT_ID and LOOKOUT_OIDC_CLIENT_SECRET go together: set all three');
  }
  const issuer = new URL(e.LOOKOUT_OIDC_ISSUER!);
  if (issuer.protocol !== 'https:' && !isLoopbackHost(issuer.hostname)) {
    throw new ConfigError('Invalid configuration: LOOKOUT_OIDC_ISSUER: must be an https:// address (plain http only on a loopback address)');
  }
  if (issuer.search || issuer.hash || issuer.username || issuer.password) {
    throw new ConfigError('Invalid configuration: LOOKOUT_OIDC_ISSUER: an issuer has no query, fragment or user');
  }
  return {
    issuer: e.LOOKOUT_OIDC_ISSUER!,
    clientId: e.LOOKOUT_OIDC_CLIENT_ID!,
    clientSecret: e.LOOKOUT_OIDC_CLIENT_SECRET!,
    name: e.LOOKOUT_OIDC_NAME ?? issuer.hostname,
    only: e.LOOKOUT_OIDC_ONLY === 'true',
  };
}

/** `localhost`, 127.0.0.0/8 or ::1: an address that never leaves the machine. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host === '::1') return true;
  return isIP(host) === 4 && host.startsWith('127.');
}

export function isBuiltInRegion(value: string): value is BuiltInRegion {
  return (REGIONS as readonly string[]).includes(value);
}

function parseRegions(value: string): BuiltInRegion[] {
  if (value.trim() === 'none') return [];
  const regions = value
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  for (const region of regions) {
    if (!isBuiltInRegion(region)) {
      throw new ConfigError(`Invalid configuration: LOOKOUT_REGIONS: unknown region "${region}" (known: ${REGIONS.join(', ')}, or none)`);
    }
  }
  return [...new Set(regions)] as BuiltInRegion[];
}

/** At most this many extra regions: each is a queue, a line in /metrics and a column of every region view. */
export const MAX_EXTRA_REGIONS = 32;

/** `LOOKOUT_EXTRA_REGIONS`: comma-separated region names, none of them a built-in region. */
function parseExtraRegions(value: string): string[] {
  const names = [
    ...new Set(
      value
        .split(',')
        .map((r) => r.trim())
        .filter(Boolean),
    ),
  ];
  for (const name of names) {
    if (!REGION_NAME.test(name)) {
      throw new ConfigError(`Invalid configuration: LOOKOUT_EXTRA_REGIONS: "${name}" is not a region name (2-32 characters of a-z, 0-9 and -)`);
    }
    if (isBuiltInRegion(name)) throw new ConfigError(`Invalid configuration: LOOKOUT_EXTRA_REGIONS: "${name}" is a built-in region already`);
  }
  if (names.length > MAX_EXTRA_REGIONS) throw new ConfigError(`Invalid configuration: LOOKOUT_EXTRA_REGIONS: at most ${MAX_EXTRA_REGIONS} regions`);
  return names;
}

/** `TRUST_PROXY`: unset or `false` (off), `true`, a hop count, or a comma-separated list of addresses/CIDRs. */
function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops < 1 || hops > 100) throw new ConfigError('Invalid configuration: TRUST_PROXY: a hop count must be between 1 and 100');
    return hops;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    if (!isAddressOrCidr(entry)) {
      throw new ConfigError(
        `Invalid configuration: TRUST_PROXY: "${entry}" is not an IP address or CIDR (use true, a hop count, or a comma-separated list of addresses/CIDRs)`,
      );
    }
  }
  return entries;
}

function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** `ip`, `ip:port`, `[ipv6]` or `[ipv6]:port`, comma-separated, as c-ares takes them. */
function parseDnsServers(value: string): string[] {
  const servers = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const server of servers) {
    const match = /^(?:\[([0-9a-fA-F:.]+)\]|(\d{1,3}(?:\.\d{1,3}){3})|([0-9a-fA-F:]+))(?::(\d{1,5}))?$/.exec(server);
    const host = match?.[1] ?? match?.[2] ?? match?.[3];
    const port = match?.[4] === undefined ? 53 : Number(match[4]);
    if (!host || isIP(host) === 0 || (match?.[3] !== undefined && match[4] !== undefined) || port < 1 || port > 65535) {
      throw new ConfigError(
        `Invalid configuration: LOOKOUT_DNS_SERVERS: "${server}" is not an IP address with an optional port (e.g. 1.1.1.1, 10.0.0.2:5353, [::1]:53)`,
      );
    }
  }
  if (servers.length === 0) throw new ConfigError('Invalid configuration: LOOKOUT_DNS_SERVERS: no server given');
  return servers;
}
