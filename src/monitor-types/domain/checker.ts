import type { LookupFunction } from 'node:net';
import type { CheckResult, DomainExpiry } from '../../checks/check-result.js';
import type { SeenDomainExpiry } from '../../domain/status/apply-runs.js';
import { withReason, type CheckError } from '../../net/check-error.js';
import type { TypeChecker } from '../checkers.js';
import { IANA_RDAP_BOOTSTRAP, rdapFor, type Rdap } from './rdap.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface DomainCheckTarget {
  domain: string;
  warningDays: number;
  timeoutMs: number;
}

export interface DomainCheckOptions {
  rdap: Rdap;
  /** The run's start (the due time's clock): expiry and the answers' age are judged on it. */
  now: number;
  /** Resolves the registry's name under the target policy. */
  lookup?: LookupFunction;
}

/** A domain check's result; `domainExpiring` is the registration when the run is within the warning days (a `domain.expiring` once per date). */
export type DomainCheckResult = CheckResult & { domain: DomainExpiry | null; domainExpiring: SeenDomainExpiry | null };

/**
 * When `domain` expires, from its registry (or the answer kept for 12 hours): failed with
 * `domain-expired` once the date has passed, `rdap-error` when the registry cannot say; within
 * `warningDays` a success with a warning that leaves the status as it is. Never throws.
 */
export async function runDomainCheck(target: DomainCheckTarget, options: DomainCheckOptions): Promise<DomainCheckResult> {
  const start = performance.now();
  const answer = await options.rdap
    .expiry(target.domain, options.now, target.timeoutMs, options.lookup)
    .catch((err: unknown) => ({ ok: false, rdapUrl: null, reason: err instanceof Error ? err.message : 'the registry could not be asked' }) as const);
  const durationMs = Math.round(performance.now() - start);
  const base = { durationMs, statusCode: null, timings: null, certificate: null, assertions: [], warnings: [] };
  if (!answer.ok) {
    const error: CheckError = { code: 'rdap-error', message: answer.reason };
    return { ...base, ok: false, error: withReason(error), domain: { expiresAt: null, registrar: null, rdapUrl: answer.rdapUrl }, domainExpiring: null };
  }
  const { expiry } = answer;
  const left = Date.parse(expiry.expiresAt) - options.now;
  const day = expiry.expiresAt.slice(0, 10);
  if (left <= 0) {
    return { ...base, ok: false, error: { code: 'domain-expired', message: `${target.domain} expired on ${day}` }, domain: expiry, domainExpiring: null };
  }
  const days = Math.floor(left / DAY_MS);
  const expiring = days < target.warningDays;
  return {
    ...base,
    ok: true,
    error: null,
    domain: expiry,
    domainExpiring: expiring ? { name: target.domain, expiresAt: expiry.expiresAt, daysRemaining: days, registrar: expiry.registrar } : null,
    notes: expiring ? [`domain expires in ${days} day${days === 1 ? '' : 's'}, on ${day}`] : [],
  };
}

/** A domain monitor's check. */
export const domainChecker: TypeChecker<'domain'> = (monitor, { rdapBootstrapUrl, userAgent, lookup }, startedAt) =>
  runDomainCheck(
    { domain: monitor.domain, warningDays: monitor.warningDays, timeoutMs: monitor.timeoutSeconds * 1000 },
    { rdap: rdapFor(rdapBootstrapUrl ?? IANA_RDAP_BOOTSTRAP, userAgent), now: startedAt, lookup },
  );
