import { BlockList, isIP, type LookupFunction } from 'node:net';
import type { TARGET_POLICIES } from '../config.js';
import { HostResolver } from './resolver.js';

/**
 * `LOOKOUT_TARGET_POLICY`: which addresses checks may connect to, judged on the resolved address at
 * connect time. `no-link-local` (the default) blocks link-local and metadata addresses;
 * `public-only` also blocks loopback and private ranges; `all` blocks nothing.
 */
export type TargetPolicy = (typeof TARGET_POLICIES)[number]; // 'all' | 'no-link-local' | 'public-only'

export class TargetBlockedError extends Error {
  readonly code = 'ERR_TARGET_BLOCKED';
}

// BlockList matches IPv4-mapped IPv6 addresses (::ffff:a.b.c.d) against IPv4 rules, so each IPv4
// range is listed once; the other IPv6 forms that carry an IPv4 address are unwrapped below.
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

// Everything that is not a unicast address on the public internet: private, shared, reserved,
// documentation, benchmarking and multicast ranges.
const nonPublic = blockList(
  [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10], // carrier-grade NAT
    ['127.0.0.0', 8],
    ['172.16.0.0', 12],
    ['192.0.0.0', 24], // IETF protocol assignments
    ['192.0.2.0', 24], // documentation
    ['192.168.0.0', 16],
    ['198.18.0.0', 15], // benchmarking
    ['198.51.100.0', 24], // documentation
    ['203.0.113.0', 24], // documentation
    ['224.0.0.0', 4], // multicast
    ['240.0.0.0', 4], // reserved, including the broadcast address 255.255.255.255
  ],
  [
    ['::1', 128],
    ['fc00::', 7], // unique local
    ['2001:db8::', 32], // documentation
    ['64:ff9b:1::', 48], // NAT64 for local use, never routed on the internet
    ['ff00::', 8], // multicast
  ],
);

/*
 * IPv6 forms that carry an IPv4 address and may reach it through a translator or tunnel: such an
 * address is judged as the IPv4 address too, so a blocked IPv4 address cannot be reached by
 * writing it in one of these forms. `::` and `::1` lie inside ::/96 but are the unspecified and
 * loopback addresses, judged as such.
 */
const EMBEDDED_IPV4: { prefix: BlockList; words: [number, number] }[] = [
  { prefix: blockList([], [['::', 96]]), words: [6, 7] }, // IPv4-compatible
  { prefix: blockList([], [['::ffff:0:0', 96]]), words: [6, 7] }, // IPv4-mapped
  { prefix: blockList([], [['::ffff:0:0:0', 96]]), words: [6, 7] }, // IPv4-translated (SIIT)
  { prefix: blockList([], [['64:ff9b::', 96]]), words: [6, 7] }, // NAT64
  { prefix: blockList([], [['2002::', 16]]), words: [1, 2] }, // 6to4
];

/** The IPv4 address an IPv6 address carries in one of the forms above, or null. */
export function embeddedIPv4(address: string): string | null {
  const words = ipv6Words(address);
  if (!words) return null;
  // The rules are matched against the plain form, without a zone index or a dotted quad.
  const canonical = words.map((w) => w.toString(16)).join(':');
  if (words.slice(0, 7).every((w) => w === 0) && words[7]! <= 1) return null; // :: and ::1
  for (const {
    prefix,
    words: [high, low],
  } of EMBEDDED_IPV4) {
    if (!prefix.check(canonical, 'ipv6')) continue;
    const h = words[high]!;
    const l = words[low]!;
    return `${h >> 8}.${h & 0xff}.${l >> 8}.${l & 0xff}`;
  }
  return null;
}

/** The eight 16-bit words of an IPv6 address (zone index ignored), or null when it is not one. */
function ipv6Words(address: string): number[] | null {
  const bare = address.replace(/%.*$/, '');
  if (isIP(bare) !== 6) return null;
  let text = bare;
  // A trailing dotted quad stands for the last two words.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((w) => parseInt(w, 16)));
  const left = parse(head);
  if (tail === undefined) return left;
  const right = parse(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

const METADATA_HOSTNAMES = new Set(['metadata', 'metadata.google.internal', 'metadata.goog', 'instance-data', 'instance-data.ec2.internal']);

/** Whether a check may connect to `address`, an IP literal (URL brackets allowed); a policy other than `all` refuses anything else. */
export function isAddressAllowed(address: string, policy: TargetPolicy): boolean {
  if (policy === 'all') return true;
  const bare = unbracket(address);
  const family = isIP(bare);
  if (family === 0) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (!allowedBy(policy, bare, type)) return false;
  const embedded = family === 6 ? embeddedIPv4(bare) : null;
  return embedded === null || allowedBy(policy, embedded, 'ipv4');
}

function allowedBy(policy: Exclude<TargetPolicy, 'all'>, address: string, type: 'ipv4' | 'ipv6'): boolean {
  if (linkLocal.check(address, type)) return false;
  return policy === 'no-link-local' || !nonPublic.check(address, type);
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
    hosts.resolve(hostname, options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : (options.family ?? 0), (err, addresses) => {
      if (err) {
        callback(err, '', 0);
        return;
      }
      if (addresses.length === 0) {
        callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
        return;
      }
      const blocked = addresses.find((a) => !isAddressAllowed(a.address, policy));
      if (blocked) {
        callback(new TargetBlockedError(`${hostname} resolves to ${blocked.address}, blocked by the target policy ${policy}`), '', 0);
        return;
      }
      if (options.all) {
        callback(null, addresses);
        return;
      }
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}
