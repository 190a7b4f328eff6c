import type { LookupFunction } from 'node:net';
import type { SecureContext } from 'node:tls';
import type { MonitorForCheck } from '../domain/monitor-for-check.js';
import type { MonitorType } from '../shared/vocabulary.js';
import type { CheckResult } from '../checks/check-result.js';
import type { SeenDomainExpiry } from '../domain/status/apply-runs.js';
import type { TargetPolicy } from '../net/target-policy.js';
import { dnsChecker } from './dns/checker.js';
import { domainChecker } from './domain/checker.js';
import { heartbeatChecker } from './heartbeat/checker.js';
import { httpChecker } from './http/checker.js';
import { pingChecker } from './ping/checker.js';
import { sslChecker } from './ssl/checker.js';
import { tcpChecker } from './tcp/checker.js';

/** What every check is given besides its monitor: the installation's network rules, built once. */
export interface CheckContext {
  targetPolicy: TargetPolicy;
  /** One lookup for every check: the policy is judged on the addresses it resolves. */
  lookup: LookupFunction;
  userAgent: string;
  /** Trust store for HTTPS and TLS handshakes; Node's default when absent. */
  secureContext?: SecureContext;
  /** The servers DNS monitors without a resolver of their own ask; the system's when absent. */
  dnsServers?: readonly string[] | null;
  /** Where domain monitors find their registries (LOOKOUT_RDAP_BOOTSTRAP_URL); IANA's file when absent. */
  rdapBootstrapUrl?: string;
}

/**
 * What one check answers: a run's result (a certificate check also says whether it is expiring
 * soon, a domain check whether the registration is within its warning days).
 */
export type CheckOutcome = CheckResult & { expiringSoon?: boolean; domainExpiring?: SeenDomainExpiry | null };

/** The monitors of one checked type, as the check engine loads them. */
export type MonitorForCheckOf<T extends MonitorType> = Extract<MonitorForCheck, { type: T }>;

/**
 * Makes one check of a monitor of its type, starting at `startedAt` (the due time's clock), and
 * answers its result; it never throws (every failure is a failed run).
 */
export type TypeChecker<T extends MonitorType> = (monitor: MonitorForCheckOf<T>, context: CheckContext, startedAt: number) => Promise<CheckOutcome>;

/** The entry of a type that Lookout does not check: its runs come another way (said in `runsFrom`). */
export interface NoChecker {
  readonly checked: false;
  readonly runsFrom: string;
}

/** A checked type has a checker; a type no monitor of which is ever loaded for a check (heartbeat) says where its runs come from. */
export type CheckerOf<T extends MonitorType> = [MonitorForCheckOf<T>] extends [never] ? NoChecker : TypeChecker<T>;

/** A checker for every monitor type: a function for a checked type, NoChecker for the others. */
export type CheckerRegistry = { readonly [T in MonitorType]: CheckerOf<T> };

/**
 * The checker of every monitor type: a type without its entry does not compile. The engine looks
 * its checker up once per loaded monitor (checkerOf), not per attempt.
 */
export const CHECKERS = {
  http: httpChecker,
  ssl: sslChecker,
  tcp: tcpChecker,
  dns: dnsChecker,
  heartbeat: heartbeatChecker,
  ping: pingChecker,
  domain: domainChecker,
} as const satisfies CheckerRegistry;

/** A checker that takes any checked monitor: the one of its type. */
export type AnyChecker = (monitor: MonitorForCheck, context: CheckContext, startedAt: number) => Promise<CheckOutcome>;

/** The checker of a loaded monitor's type. */
export function checkerOf(type: MonitorForCheck['type']): AnyChecker {
  return CHECKERS[type] as AnyChecker;
}
