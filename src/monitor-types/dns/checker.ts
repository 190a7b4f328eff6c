import { Resolver } from 'node:dns';
import type { Assertion } from '../../domain/assertions/assertion-schema.js';
import { evaluateAssertions, type AssertionVerdict } from '../../domain/assertions/evaluate.js';
import { parseResolver } from './definition.js';
import type { DnsRecordType } from '../../shared/vocabulary.js';
import type { CheckResult, DnsAnswer } from '../../checks/check-result.js';
import { withReason, type CheckError } from '../../net/check-error.js';
import { isAddressAllowed, type TargetPolicy } from '../../net/target-policy.js';
import { SettleOnce } from '../../net/settle-once.js';
import type { TypeChecker } from '../checkers.js';

export interface DnsCheckTarget {
  hostname: string;
  recordType: DnsRecordType;
  /** The DNS server to ask: `ip`, `ip:port`, `[ipv6]` or `[ipv6]:port`; null for the default servers. */
  resolver: string | null;
  timeoutMs: number;
  assertions: readonly Assertion[];
}

export interface DnsCheckOptions {
  /** Judges the monitor's own resolver; the default servers are the operator's choice, always allowed. */
  targetPolicy: TargetPolicy;
  /** The servers asked when the monitor names none (LOOKOUT_DNS_SERVERS); the system's (resolv.conf) when absent. */
  defaultServers?: readonly string[] | null;
}

export type DnsCheckResult = CheckResult & {
  /** Null when no query was sent (the resolver was refused or is not an address). */
  dns: DnsAnswer | null;
};

/** How many times a query is sent to each server before the check gives up on it. */
const TRIES = 2;
/**
 * What a run keeps of the records: they are stored with each run, and a TXT answer can be tens of
 * KiB. Assertions judge every record, whole.
 */
const RECORDS_KEPT = 50;
const RECORD_CHARS = 1024;

/**
 * One DNS query for `recordType` records of `hostname`, asked of the monitor's resolver or the
 * default servers, through c-ares on the event loop (not the libuv thread pool getaddrinfo would
 * hold). Succeeds on NOERROR with at least one record, within `timeoutMs`; then the assertions
 * judge the records. Never throws.
 */
export function runDnsCheck(target: DnsCheckTarget, options: DnsCheckOptions): Promise<DnsCheckResult> {
  const start = performance.now();
  return new Promise((resolve) => {
    let resolver: Resolver | undefined;

    const finish = (error: CheckError | null, dns: DnsAnswer | null): void => {
      if (!once.claim()) return;
      // Drops the query if it is still out; its callback then comes with ECANCELLED, too late to count.
      resolver?.cancel();
      const durationMs = Math.round(performance.now() - start);
      let verdict: AssertionVerdict | null = null;
      // As for HTTP: whatever the server answered is judged, NXDOMAIN included; no answer, nothing to judge.
      if (dns !== null && dns.rcode !== null && target.assertions.length > 0) {
        // Records are few and no DNS assertion runs a pattern: judged at once, on the event loop.
        verdict = evaluateAssertions(target.assertions, { responseTimeMs: durationMs, records: dns.records, recordType: target.recordType });
        if (error === null && verdict.failure !== null) error = { code: 'assertion-failed', message: verdict.failure };
      }
      resolve({
        ok: error === null,
        durationMs,
        error: error && withReason(error),
        statusCode: null,
        timings: null,
        certificate: null,
        assertions: verdict?.outcomes ?? [],
        warnings: verdict?.warnings ?? [],
        dns: dns === null ? null : { rcode: dns.rcode, records: dns.records.slice(0, RECORDS_KEPT).map(cut) },
      });
    };
    const once = new SettleOnce(target.timeoutMs, () =>
      finish({ code: 'timeout', message: `no DNS answer within ${target.timeoutMs} ms` }, { rcode: null, records: [] }),
    );

    try {
      let servers: string[] | undefined;
      if (target.resolver !== null) {
        const server = parseResolver(target.resolver);
        if (server === null) {
          finish({ code: 'dns-failure', message: `the resolver ${target.resolver} is not an IP address with an optional port` }, null);
          return;
        }
        if (!isAddressAllowed(server.address, options.targetPolicy)) {
          finish({ code: 'target-blocked', message: `the resolver ${target.resolver} is blocked by the target policy ${options.targetPolicy}` }, null);
          return;
        }
        servers = [target.resolver];
      } else if (options.defaultServers) {
        servers = [...options.defaultServers];
      }
      // c-ares doubles the wait on each round of tries: t + 2t for two tries of one server stays
      // within the timeout. The check's own timer bounds it all the same, however many servers.
      resolver = new Resolver({ timeout: Math.max(1, Math.floor(target.timeoutMs / 3)), tries: TRIES });
      if (servers) resolver.setServers(servers);
      query(resolver, target.recordType, target.hostname, (err, records) => {
        if (err) {
          const { rcode, error } = failure(err, target);
          finish(error, { rcode, records: [] });
          return;
        }
        finish(records.length > 0 ? null : noRecord(target), { rcode: 'NOERROR', records });
      });
    } catch (err) {
      finish({ code: 'dns-failure', message: `the DNS query could not be sent: ${err instanceof Error ? err.message : String(err)}` }, null);
    }
  });
}

type RecordsCallback = (error: NodeJS.ErrnoException | null, records: string[]) => void;

function query(resolver: Resolver, type: DnsRecordType, hostname: string, callback: RecordsCallback): void {
  const answer =
    <T>(toText: (record: T) => string) =>
    (error: NodeJS.ErrnoException | null, records: T[]) =>
      callback(error, error ? [] : records.map(toText));
  const same = (record: string) => record;
  switch (type) {
    case 'A':
      resolver.resolve4(hostname, answer(same));
      return;
    case 'AAAA':
      resolver.resolve6(hostname, answer(same));
      return;
    case 'CNAME':
      resolver.resolveCname(hostname, answer(same));
      return;
    case 'NS':
      resolver.resolveNs(hostname, answer(same));
      return;
    case 'MX':
      resolver.resolveMx(
        hostname,
        answer(({ priority, exchange }: { priority: number; exchange: string }) => `${priority} ${exchange}`),
      );
      return;
    case 'TXT':
      // One record is one or more strings of at most 255 bytes: together they are its text.
      resolver.resolveTxt(
        hostname,
        answer((chunks: string[]) => chunks.join('')),
      );
      return;
  }
}

/**
 * The answer code and the run's error for a failed query. c-ares reports the server's answer code
 * as an error code of its own (NXDOMAIN is ENOTFOUND, an empty NOERROR answer ENODATA); the others
 * (ETIMEOUT, ECONNREFUSED, EBADRESP…) mean no usable answer came.
 */
function failure(err: NodeJS.ErrnoException, target: DnsCheckTarget): { rcode: string | null; error: CheckError } {
  const { hostname, recordType } = target;
  switch (err.code) {
    case 'ENODATA':
      return { rcode: 'NOERROR', error: noRecord(target) };
    case 'ENOTFOUND':
      return { rcode: 'NXDOMAIN', error: { code: 'dns-nxdomain', message: `${hostname} does not exist (NXDOMAIN)` } };
    case 'ESERVFAIL':
      return { rcode: 'SERVFAIL', error: { code: 'dns-servfail', message: `the DNS server failed to answer for ${hostname} (SERVFAIL)` } };
    case 'EREFUSED':
      return { rcode: 'REFUSED', error: { code: 'dns-failure', message: `the DNS server refused to answer for ${hostname} (REFUSED)` } };
    case 'EFORMERR':
      return { rcode: 'FORMERR', error: { code: 'dns-failure', message: `the DNS server could not read the query for ${hostname} (FORMERR)` } };
    case 'ENOTIMP':
      return { rcode: 'NOTIMP', error: { code: 'dns-failure', message: `the DNS server does not answer ${recordType} queries (NOTIMP)` } };
    case 'ETIMEOUT':
      return { rcode: null, error: { code: 'timeout', message: `no DNS answer within ${target.timeoutMs} ms` } };
    case 'EBADNAME':
      return { rcode: null, error: { code: 'dns-failure', message: `${hostname} is not a name DNS can ask for` } };
    default:
      return { rcode: null, error: { code: 'dns-failure', message: `the DNS query for ${recordType} ${hostname} failed (${err.code ?? err.message})` } };
  }
}

function noRecord({ hostname, recordType }: DnsCheckTarget): CheckError {
  return { code: 'dns-failure', message: `${hostname} has no ${recordType} record` };
}

function cut(record: string): string {
  return record.length > RECORD_CHARS ? `${record.slice(0, RECORD_CHARS - 1)}…` : record;
}

/** A DNS monitor's check. */
export const dnsChecker: TypeChecker<'dns'> = (monitor, { targetPolicy, dnsServers }) =>
  runDnsCheck(
    {
      hostname: monitor.hostname,
      recordType: monitor.recordType,
      resolver: monitor.resolver,
      timeoutMs: monitor.timeoutSeconds * 1000,
      assertions: monitor.assertions,
    },
    { targetPolicy, defaultServers: dnsServers },
  );
