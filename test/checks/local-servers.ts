import { once } from 'node:events';
import net from 'node:net';

export interface LocalServer {
  server: net.Server;
  port: number;
  /** Remote ports of the TCP connections accepted so far, in order. */
  accepted: number[];
}

const running = new Map<net.Server, Set<net.Socket>>();

/** Listens on 127.0.0.1 at a free port; closeServers() stops it and drops its connections. */
export async function startServer(server: net.Server): Promise<LocalServer> {
  const sockets = new Set<net.Socket>();
  const accepted: number[] = [];
  server.on('connection', (socket: net.Socket) => {
    accepted.push(socket.remotePort ?? 0);
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  running.set(server, sockets);
  return { server, port: (server.address() as net.AddressInfo).port, accepted };
}

/** For afterEach: closes every server startServer() started. */
export async function closeServers(): Promise<void> {
  const closing = [...running].map(async ([server, sockets]) => {
    const closed = once(server, 'close');
    server.close();
    for (const socket of sockets) socket.destroy();
    await closed;
  });
  running.clear();
  await Promise.all(closing);
}

/** A port on 127.0.0.1 that nothing listens on (it was free a moment ago). */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

/**
 * How many connections the server accepted before a probe connection made now. The kernel hands
 * connections over in order, so once the probe is accepted every earlier attempt has been counted.
 */
export async function connectionsBeforeProbe(local: LocalServer): Promise<number> {
  const probe = net.connect(local.port, '127.0.0.1');
  await once(probe, 'connect');
  const probePort = probe.localPort;
  while (!local.accepted.includes(probePort ?? -1)) await once(local.server, 'connection');
  probe.destroy();
  return local.accepted.indexOf(probePort ?? -1);
}
