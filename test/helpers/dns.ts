import dgram from 'node:dgram';
import { once } from 'node:events';

export interface DnsServer {
  /** `127.0.0.1:<port>`, as LOOKOUT_DNS_SERVERS and the resolver take it. */
  address: string;
  /** Names asked (lower case), with their query type (1 = A, 28 = AAAA), in order of arrival. */
  queries: { name: string; type: number; at: number }[];
  close(): Promise<void>;
}

export interface DnsServerOptions {
  /** Names answered at once: name → IPv4 address (no AAAA records). */
  answers: Record<string, string>;
  /** Names answered after this many ms, or never (null), whatever `answers` says. */
  slow?: (name: string) => number | null | undefined;
}

/**
 * A small DNS server over UDP on 127.0.0.1: answers A queries for `answers`, leaves `slow` names
 * unanswered (or answers them late), and says "no such name" for the rest.
 */
export async function startDnsServer(options: DnsServerOptions): Promise<DnsServer> {
  const socket = dgram.createSocket('udp4');
  const queries: DnsServer['queries'] = [];
  const timers = new Set<NodeJS.Timeout>();
  socket.on('message', (message, peer) => {
    const question = readQuestion(message);
    if (!question) return;
    queries.push({ name: question.name, type: question.type, at: Date.now() });
    const reply = answer(message, question, options.answers[question.name]);
    const delay = options.slow?.(question.name);
    if (delay === null) return;
    if (delay === undefined) {
      socket.send(reply, peer.port, peer.address);
      return;
    }
    const timer = setTimeout(() => {
      timers.delete(timer);
      socket.send(reply, peer.port, peer.address);
    }, delay);
    timers.add(timer);
  });
  socket.bind(0, '127.0.0.1');
  await once(socket, 'listening');
  return {
    address: `127.0.0.1:${socket.address().port}`,
    queries,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      socket.close();
      await once(socket, 'close');
    },
  };
}

interface Question {
  name: string;
  type: number;
  /** Offset just past the question (type and class included). */
  end: number;
}

function readQuestion(message: Buffer): Question | null {
  if (message.length < 12 || message.readUInt16BE(4) < 1) return null;
  const labels: string[] = [];
  let offset = 12;
  while (offset < message.length) {
    const length = message[offset]!;
    offset++;
    if (length === 0) break;
    labels.push(message.subarray(offset, offset + length).toString('latin1'));
    offset += length;
  }
  if (offset + 4 > message.length) return null;
  return { name: labels.join('.').toLowerCase(), type: message.readUInt16BE(offset), end: offset + 4 };
}

function answer(query: Buffer, question: Question, ipv4: string | undefined): Buffer {
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2); // id
  const found = ipv4 !== undefined;
  const withRecord = found && question.type === 1;
  // Response, recursion desired and available; NXDOMAIN for unknown names.
  header.writeUInt16BE(found ? 0x8180 : 0x8183, 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(withRecord ? 1 : 0, 6);
  const parts = [header, query.subarray(12, question.end)];
  if (withRecord) {
    const record = Buffer.alloc(16);
    record.writeUInt16BE(0xc00c, 0); // the name of the question
    record.writeUInt16BE(1, 2); // A
    record.writeUInt16BE(1, 4); // IN
    record.writeUInt32BE(60, 6);
    record.writeUInt16BE(4, 10);
    ipv4.split('.').forEach((octet, i) => record.writeUInt8(Number(octet), 12 + i));
    parts.push(record);
  }
  return Buffer.concat(parts);
}
