import dgram from 'node:dgram';
import { once } from 'node:events';
import dnsPacket, { type Answer, type Packet } from 'dns-packet';

/** The records of one name, by type. */
export interface ZoneRecords {
  A?: string[];
  AAAA?: string[];
  CNAME?: string;
  MX?: { priority: number; exchange: string }[];
  /** Each record's strings (one string: a record of one string). */
  TXT?: (string | string[])[];
  NS?: string[];
}

/**
 * How the zone treats one name instead of answering from its records: an answer code with no
 * record, an empty NOERROR answer, the normal answer after `delayMs`, or no answer at all.
 */
export type NameBehaviour = 'servfail' | 'nxdomain' | 'refused' | 'empty' | 'silent' | { delayMs: number };

export interface DnsZoneOptions {
  /** Names (any case, no trailing dot) and their records; other names are NXDOMAIN. */
  records?: Record<string, ZoneRecords>;
  behaviours?: Record<string, NameBehaviour>;
}

export interface DnsZone {
  /** `127.0.0.1:<port>`, as a DNS check's `resolver` and LOOKOUT_DNS_SERVERS take it. */
  address: string;
  port: number;
  /** Questions received (name in lower case, type as dns-packet names it), in order of arrival. */
  queries: { name: string; type: string }[];
  close(): Promise<void>;
}

const RCODES = { NOERROR: 0, SERVFAIL: 2, NXDOMAIN: 3, REFUSED: 5 } as const;
const TTL = 60;

/** A DNS server over UDP on 127.0.0.1 answering A, AAAA, CNAME, MX, TXT and NS queries from a table. */
export async function startDnsZone(options: DnsZoneOptions): Promise<DnsZone> {
  const socket = dgram.createSocket('udp4');
  const queries: DnsZone['queries'] = [];
  const timers = new Set<NodeJS.Timeout>();
  const records = new Map(Object.entries(options.records ?? {}).map(([name, value]) => [key(name), value]));
  const behaviours = new Map(Object.entries(options.behaviours ?? {}).map(([name, value]) => [key(name), value]));

  socket.on('message', (message, peer) => {
    let query: Packet;
    try {
      query = dnsPacket.decode(message);
    } catch {
      return;
    }
    const question = query.questions?.[0];
    if (!question) return;
    const name = key(question.name);
    queries.push({ name, type: question.type });
    const behaviour = behaviours.get(name);
    if (behaviour === 'silent') return;
    const reply = (rcode: number, answers: Answer[]) =>
      dnsPacket.encode({
        type: 'response',
        id: query.id,
        // Recursion desired and available, and the answer code in the low four bits.
        flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | rcode,
        questions: [question],
        answers,
      });
    let packet: Buffer;
    if (behaviour === 'servfail') packet = reply(RCODES.SERVFAIL, []);
    else if (behaviour === 'nxdomain') packet = reply(RCODES.NXDOMAIN, []);
    else if (behaviour === 'refused') packet = reply(RCODES.REFUSED, []);
    else if (behaviour === 'empty') packet = reply(RCODES.NOERROR, []);
    else {
      const found = records.get(name);
      packet = found ? reply(RCODES.NOERROR, answersOf(question.name, question.type, found)) : reply(RCODES.NXDOMAIN, []);
    }
    if (typeof behaviour === 'object') {
      const timer = setTimeout(() => {
        timers.delete(timer);
        socket.send(packet, peer.port, peer.address);
      }, behaviour.delayMs);
      timers.add(timer);
      return;
    }
    socket.send(packet, peer.port, peer.address);
  });
  socket.bind(0, '127.0.0.1');
  await once(socket, 'listening');
  const { port } = socket.address();
  return {
    address: `127.0.0.1:${port}`,
    port,
    queries,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      socket.close();
      await once(socket, 'close');
    },
  };
}

function key(name: string): string {
  return name.toLowerCase().replace(/\.$/, '');
}

function answersOf(name: string, type: string, found: ZoneRecords): Answer[] {
  const base = { name, ttl: TTL, class: 'IN' as const };
  switch (type) {
    case 'A':
      return (found.A ?? []).map((data) => ({ ...base, type: 'A', data }));
    case 'AAAA':
      return (found.AAAA ?? []).map((data) => ({ ...base, type: 'AAAA', data }));
    case 'CNAME':
      return found.CNAME === undefined ? [] : [{ ...base, type: 'CNAME', data: found.CNAME }];
    case 'MX':
      return (found.MX ?? []).map(({ priority, exchange }) => ({ ...base, type: 'MX', data: { preference: priority, exchange } }));
    case 'TXT':
      return (found.TXT ?? []).map((data) => ({ ...base, type: 'TXT', data }));
    case 'NS':
      return (found.NS ?? []).map((data) => ({ ...base, type: 'NS', data }));
    default:
      return [];
  }
}
