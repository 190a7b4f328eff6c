import { BlockList, isIP, type LookupFunction } from 'node:net';
import type { TARGET_POLICIES } from '../config.js';
import { HostResolver } from './resolver.js';

/** `LOOKOUT_TARGET_POLICY`: which addresses checks may connect to (contract §5). */
export type TargetPolicy = (typeof TARGET_POLICIES)[number]; // 'all' | 'no-link-local' | 'public-only'

export class TargetBlockedError extends Error {
  readonly code = 'ERR_TARGET_BLOCKED';
}

// BlockList matches IPv4-mapped IPv6 addresses (::ffff:a.b.c.d) against IPv4 rules, so each range
// is listed once.
function blockList(ipv4: [string, number][], ipv6: [string, number][]): BlockList {
  const list = new BlockList();
  for (const [net, prefix] of ipv4) list.addSubnet(net, prefix, 'ipv4');
  for (const [net, prefix] of ipv6) list.addSubnet(net, prefix, 'ipv6');
  return list;
}

const linkLocal = blockList(
  [
    ['0.0.0.0', 8], // "this network"; 0.0.0.0 reaches the local host
    ['169.254.0.0', 16], // link-local, including the 169.254.169.254 metadata service
    ['100.100.100.200', 32], // Alibaba Cloud metadata
    ['168.63.129.16', 32], // Azure WireServer
  ],
  [
    ['::', 128],
    ['fe80::', 10],
    ['fd00:ec2::254', 128], // AWS metadata over IPv6
  ],
);

const nonPublic = blockList(
  [
    ['127.0.0.0', 8],
    ['10.0.0.0', 8],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
    ['100.64.0.0', 10], // carrier-grade NAT
  ],
  [
    ['::1', 128],
    ['fc00::', 7], // unique local
  ],
);

const METADATA_HOSTNAMES = new Set([
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'instance-data',
  'instance-data.ec2.internal',
]);

/** Whether a check may connect to `address`, an IP literal (URL brackets allowed); a policy other than `all` refuses anything else. */
export function isAddressAllowed(address: string, policy: TargetPolicy): boolean {
  if (policy === 'all') return true;
  const bare = unbracket(address);
  const family = isIP(bare);
  if (family === 0) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (linkLocal.check(bare, type)) return false;
  return policy === 'no-link-local' || !nonPublic.check(bare, type);
}

/**
 * The checks Node's `lookup` option cannot make, to run before connecting: IP literals, for which
 * Node connects without calling `lookup`, and metadata hostnames, refused by name.
 */
export function assertHostAllowed(host: string, policy: TargetPolicy): void {
  if (policy === 'all') return;
  if (isIP(unbracket(host)) !== 0) {
    if (!isAddressAllowed(host, policy)) throw new TargetBlockedError(`${host} is blocked by the target policy ${policy}`);
  } else if (METADATA_HOSTNAMES.has(host.toLowerCase().replace(/\.$/, ''))) {
    throw new TargetBlockedError(`${host} is a cloud metadata host, blocked by the target policy ${policy}`);
  }
}

// URL.hostname keeps the brackets of an IPv6 literal.
function unbracket(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

let systemResolver: HostResolver | undefined;

/**
 * A `lookup` for `net.connect`/`http.request` that resolves with `resolver` (c-ares, off the
 * thread pool; see resolver.ts) and refuses the connection when any resolved address is blocked.
 * Checking the very addresses the socket connects to is what defeats DNS rebinding.
 */
export function createPolicyLookup(policy: TargetPolicy, resolver?: HostResolver): LookupFunction {
  const hosts = resolver ?? (systemResolver ??= new HostResolver());
  return (hostname, options, callback) => {
    hosts.resolve(hostname, options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : Number(options.family ?? 0), (err, addresses) => {
      if (err) return callback(err, '', 0);
      if (addresses.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
      const blocked = addresses.find((a) => !isAddressAllowed(a.address, policy));
      if (blocked) {
        const error = new TargetBlockedError(`${hostname} resolves to ${blocked.address}, blocked by the target policy ${policy}`);
        return callback(error, '', 0);
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}
