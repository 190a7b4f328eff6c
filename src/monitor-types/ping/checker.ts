import { isIP, type LookupFunction } from 'node:net';
import type { Assertion } from '../../domain/assertions/assertion-schema.js';
import { evaluateAssertions, type AssertionVerdict } from '../../domain/assertions/evaluate.js';
import type { CheckResult, PingSummary } from '../../checks/check-result.js';
import { toCheckError, withReason, type CheckError } from '../../net/check-error.js';
import { assertHostAllowed, createPolicyLookup, type TargetPolicy } from '../../net/target-policy.js';
import type { TypeChecker } from '../checkers.js';
import { pingArguments, runPingProgram } from './ping-program.js';

export interface PingCheckTarget {
  /** A host name or an IP address. */
  host: string;
  packets: number;
  timeoutMs: number;
  /** `responseTime` (the average round trip) and `packetLoss`. */
  assertions: readonly Assertion[];
}

export interface PingCheckOptions {
  targetPolicy: TargetPolicy;
  /** Resolves the host and refuses a blocked address; the policy's own lookup when absent. */
  lookup?: LookupFunction;
}

export type PingCheckResult = CheckResult & { ping: PingSummary | null };

/** How long the program may outlive the check's timeout before it is killed (it stops on its own before). */
const KILL_GRACE_MS = 1000;

/**
 * `packets` ICMP echo requests to `host`: the name resolved here, through the target policy's
 * lookup (so the policy judges the very address pinged), and the address handed to the system's
 * `ping`. Succeeds when at least one reply comes within `timeoutMs`; `durationMs` is then the
 * average round trip. Never throws.
 */
export async function runPingCheck(target: PingCheckTarget, options: PingCheckOptions): Promise<PingCheckResult> {
  const start = performance.now();
  const failed = (error: CheckError, ping: PingSummary | null = null): PingCheckResult => ({
    ok: false,
    durationMs: Math.round(performance.now() - start),
    error: withReason(error),
    statusCode: null,
    timings: null,
    certificate: null,
    assertions: [],
    warnings: [],
    ping,
  });

  let resolved: { address: string; family: 4 | 6 };
  try {
    resolved = await resolveAddress(target.host, options, target.timeoutMs);
  } catch (err) {
    return failed(toCheckError(err, 'dns-failure'));
  }
  // What resolving took comes off the time left for the replies.
  const left = Math.max(1, target.timeoutMs - Math.round(performance.now() - start));
  const outcome = await runPingProgram(pingArguments(resolved.address, resolved.family, target.packets, left), left + KILL_GRACE_MS);
  if (!outcome.ok) return failed({ code: 'ping-no-reply', message: `no reply from ${resolved.address}: ${outcome.reason}` });

  const { sent, received, rtt } = outcome.count;
  const ping: PingSummary = {
    sent,
    received,
    rttMinMs: rtt && round3(rtt.min),
    rttAvgMs: rtt && round3(rtt.avg),
    rttMaxMs: rtt && round3(rtt.max),
  };
  if (received === 0 || rtt === null) {
    return failed({ code: 'ping-no-reply', message: `no reply from ${resolved.address} to ${sent} echo request${sent === 1 ? '' : 's'}` }, ping);
  }
  const durationMs = Math.round(rtt.avg);
  let verdict: AssertionVerdict | null = null;
  let error: CheckError | null = null;
  if (target.assertions.length > 0) {
    verdict = evaluateAssertions(target.assertions, { responseTimeMs: durationMs, packetLossPercent: sent === 0 ? 100 : ((sent - received) / sent) * 100 });
    if (verdict.failure !== null) error = { code: 'assertion-failed', message: verdict.failure };
  }
  return {
    ok: error === null,
    durationMs,
    error: error && withReason(error),
    statusCode: null,
    timings: null,
    certificate: null,
    assertions: verdict?.outcomes ?? [],
    warnings: verdict?.warnings ?? [],
    ping,
  };
}

/** Round trips are printed to the microsecond; a run keeps them so. */
function round3(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}

/** The address to ping: an IP literal judged by the policy, or the first address the policy's lookup gives (which refuses a blocked one). */
function resolveAddress(host: string, options: PingCheckOptions, timeoutMs: number): Promise<{ address: string; family: 4 | 6 }> {
  const literal = isIP(host);
  if (literal !== 0) {
    assertHostAllowed(host, options.targetPolicy);
    return Promise.resolve({ address: host, family: literal as 4 | 6 });
  }
  assertHostAllowed(host, options.targetPolicy);
  const lookup = options.lookup ?? createPolicyLookup(options.targetPolicy);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(Object.assign(new Error(`${host} did not resolve within ${timeoutMs} ms`), { code: 'ETIMEDOUT' })), timeoutMs);
    lookup(host, { family: 0 }, (err, address) => {
      clearTimeout(timer);
      if (err) reject(err);
      else if (typeof address === 'string' && isIP(address) !== 0) resolve({ address, family: isIP(address) as 4 | 6 });
      else reject(Object.assign(new Error(`${host} has no address`), { code: 'ENOTFOUND' }));
    });
  });
}

/** A ping monitor's check. */
export const pingChecker: TypeChecker<'ping'> = (monitor, { targetPolicy, lookup }) =>
  runPingCheck(
    { host: monitor.host, packets: monitor.packets, timeoutMs: monitor.timeoutSeconds * 1000, assertions: monitor.assertions },
    { targetPolicy, lookup },
  );
