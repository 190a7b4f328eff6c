import type { SecureContext } from 'node:tls';
import { checkerOf, type CheckContext, type CheckOutcome } from '../../monitor-types/checkers.js';
import { createPolicyLookup, type TargetPolicy } from '../../net/target-policy.js';
import { HostResolver } from '../../net/resolver.js';
import { systemClock, type Clock } from '../../domain/ports/clock.js';
import type { CheckedRun, CheckExecutor, DueCheck } from './due-check.js';

export interface InProcessExecutorOptions {
  targetPolicy: TargetPolicy;
  userAgent: string;
  /** Trust store for HTTPS and SSL checks; Node's default (with NODE_EXTRA_CA_CERTS) when absent. */
  secureContext?: SecureContext;
  /** Pause before the confirming retry of a failed check. */
  retryDelayMs?: number;
  /** Resolves target names (off the thread pool); the system's DNS servers when absent. */
  resolver?: HostResolver;
  /** The servers DNS monitors without a resolver of their own ask (LOOKOUT_DNS_SERVERS); the system's when absent. */
  dnsServers?: readonly string[] | null;
  /** Where domain monitors find their registries (LOOKOUT_RDAP_BOOTSTRAP_URL); IANA's file when absent. */
  rdapBootstrapUrl?: string;
  /** When a run started (its due time's clock); the system clock when absent. Durations stay on performance.now(). */
  clock?: Clock;
}

/** Runs checks on this thread's event loop, with one resolver and one trust store for all of them. */
export class InProcessExecutor implements CheckExecutor {
  private readonly retryDelayMs: number;
  private readonly resolver: HostResolver;
  private readonly clock: Clock;
  /** What every check is given besides its monitor, built once. */
  private readonly context: CheckContext;

  constructor(options: InProcessExecutorOptions) {
    this.retryDelayMs = options.retryDelayMs ?? 1000;
    this.resolver = options.resolver ?? new HostResolver();
    this.clock = options.clock ?? systemClock;
    const { targetPolicy, userAgent, secureContext, dnsServers, rdapBootstrapUrl } = options;
    // One lookup for every check: the policy is judged on the addresses it resolves.
    this.context = { targetPolicy, userAgent, secureContext, dnsServers, rdapBootstrapUrl, lookup: createPolicyLookup(targetPolicy, this.resolver) };
  }

  ready(): Promise<void> {
    return this.resolver.ready();
  }

  close(): void {
    this.resolver.cancel();
  }

  async execute({ job, monitor }: DueCheck): Promise<CheckedRun> {
    const startedAt = this.clock.now();
    // Its type's checker, looked up once for both attempts.
    const check = checkerOf(monitor.type);
    let result: CheckOutcome = await check(monitor, this.context, startedAt);
    let attempts = 1;
    if (!result.ok) {
      await new Promise((resolve) => setTimeout(resolve, this.retryDelayMs));
      result = await check(monitor, this.context, startedAt);
      attempts = 2;
    }
    return { job, startedAt, attempts, result };
  }
}
