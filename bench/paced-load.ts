import { connect, type Socket } from 'node:net';
import { createHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import type { LoadResult } from './harness.js';

/*
 * A steady load for latency at a given rate. autocannon's rate option does not give one: each
 * connection sends its share of a second as fast as it can when the second begins, then waits for
 * the next, so the server sees full-speed bursts and the latency measured is the burst's.
 *
 * Here the load is open: request n is due at start + n / rate, whether or not earlier ones were
 * answered, and its latency counts from when it was due, so a request that waited for a free
 * connection (the server was slow) counts that wait too. Plain sockets keep the generator's own
 * cost small on a machine it shares with the server.
 */

export interface PacedLoadOptions {
  label: string;
  port: number;
  /** Requests a second, spread evenly. */
  rate: number;
  seconds: number;
  connections: number;
  /** The path of the next request (GET, HTTP/1.1, keep-alive). */
  path: () => string;
}

export interface PacedLoadResult extends LoadResult {
  /** The slowest answer to the requests due in each second of the run (ms). */
  secondMaxima: number[];
  /** This process's event-loop delay (ms): how late the generator itself sent requests. */
  ownDelayP99: number;
  ownDelayMax: number;
}

interface Connection {
  socket: Socket;
  /** When the request in flight was due (ms, performance.now()); null while idle. */
  dueAt: number | null;
  received: Buffer;
}

/** How long requests still queued or in flight at the end may take before the run gives up on them. */
const DRAIN_MS = 5000;

export async function pacedLoad(options: PacedLoadOptions): Promise<PacedLoadResult> {
  const latency = createHistogram({ lowest: 1, highest: 60_000_000, figures: 3 });
  const statusCounts: Record<string, number> = {};
  const queue: number[] = [];
  const idle: Connection[] = [];
  const secondMaxima: number[] = [];
  let start = 0;
  let completed = 0;
  let failed = 0;

  const send = (connection: Connection, dueAt: number) => {
    connection.dueAt = dueAt;
    connection.socket.write(`GET ${options.path()} HTTP/1.1\r\nHost: 127.0.0.1:${options.port}\r\n\r\n`);
  };
  const next = (connection: Connection) => {
    const dueAt = queue.shift();
    if (dueAt === undefined) idle.push(connection);
    else send(connection, dueAt);
  };
  const onData = (connection: Connection, chunk: Buffer) => {
    connection.received = connection.received.length === 0 ? chunk : Buffer.concat([connection.received, chunk]);
    const headerEnd = connection.received.indexOf('\r\n\r\n');
    if (headerEnd < 0) return;
    const head = connection.received.subarray(0, headerEnd).toString('latin1');
    const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
    if (connection.received.length < headerEnd + 4 + length) return;
    connection.received = Buffer.alloc(0);
    const status = head.slice(9, 12);
    statusCounts[status] = (statusCounts[status] ?? 0) + 1;
    const tookMs = performance.now() - connection.dueAt!;
    latency.record(Math.max(1, Math.round(tookMs * 1000)));
    const second = Math.floor((connection.dueAt! - start) / 1000);
    secondMaxima[second] = Math.max(secondMaxima[second] ?? 0, Math.round(tookMs));
    completed += 1;
    connection.dueAt = null;
    next(connection);
  };

  const connections = await Promise.all(
    Array.from(
      { length: options.connections },
      () =>
        new Promise<Connection>((resolve, reject) => {
          const socket = connect(options.port, '127.0.0.1', () => resolve(connection));
          const connection: Connection = { socket, dueAt: null, received: Buffer.alloc(0) };
          socket.setNoDelay(true);
          socket.on('data', (chunk) => onData(connection, chunk));
          socket.on('error', (error) => {
            failed += 1;
            reject(error);
          });
        }),
    ),
  );
  idle.push(...connections);

  // This process's own delays are charged to the server (requests go out late): measured, to tell them apart.
  const ownDelay = monitorEventLoopDelay({ resolution: 1 });
  ownDelay.enable();
  start = performance.now();
  const total = Math.round(options.rate * options.seconds);
  let issued = 0;
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - start) * options.rate) / 1000));
      for (; issued < due; issued++) {
        const dueAt = start + (issued * 1000) / options.rate;
        const connection = idle.pop();
        if (connection) send(connection, dueAt);
        else queue.push(dueAt);
      }
      if (issued === total) {
        clearInterval(tick);
        resolve();
      }
    }, 1);
  });
  const drainedBy = performance.now() + DRAIN_MS;
  while (completed + failed < total && performance.now() < drainedBy) await new Promise((resolve) => setTimeout(resolve, 10));
  for (const { socket } of connections) socket.destroy();
  ownDelay.disable();

  const unanswered = total - completed;
  if (unanswered > 0) statusCounts.unanswered = unanswered;
  return {
    label: options.label,
    requestsPerSecond: Math.round(completed / options.seconds),
    p50: Math.round(latency.percentile(50) / 100) / 10,
    p99: Math.round(latency.percentile(99) / 100) / 10,
    statusCounts,
    secondMaxima,
    ownDelayP99: Math.round(ownDelay.percentile(99) / 1e5) / 10,
    ownDelayMax: Math.round(ownDelay.max / 1e5) / 10,
  };
}
