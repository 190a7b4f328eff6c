import { z } from 'zod';
import type { OutgoingHttpHeaders } from 'node:http';
import type { LiveEvent } from '../../domain/live-status.js';
import { ANY_ROLE } from '../../domain/roles.js';
import type { LiveStatusService } from '../../domain/live-status.js';
import { httpOf, type Operation } from '../operation.js';

/** How often a stream sends a keep-alive comment and re-checks that its caller may still read. */
export const STREAM_HEARTBEAT_MS = 15_000;

/**
 * Server-sent events for live dashboards. Events: `snapshot` (first, every monitor's state) and
 * `monitor` (a status change, a completed check, a monitor added or removed), each as JSON.
 */
export function eventOperations({ live }: { live: LiveStatusService }, options: { heartbeatMs?: number } = {}): Operation[] {
  const heartbeatMs = options.heartbeatMs ?? STREAM_HEARTBEAT_MS;
  return [
    {
      method: 'GET',
      path: '/api/v1/events/stream',
      operationId: 'streamEvents',
      tag: 'Events',
      summary: 'Live monitor status changes of the team as server-sent events (text/event-stream).',
      roles: ANY_ROLE,
      description:
        'Token or dashboard session. The first event is `snapshot` ({"type":"snapshot","monitors":[{monitorId,status,paused,lastCheckedAt}]}); ' +
        'then `monitor` ({"type":"monitor","change":"status|checked|added|removed","previousStatus","monitor":{…}}) within about two seconds of a change. ' +
        'A comment line every 15 s keeps the connection open; the stream ends when the token or session stops being valid. ' +
        'At most 5 streams are open per token or session (and a bounded number per server); the next is 429 `rate-limited` until one closes. ' +
        'HEAD answers the headers at once and opens no stream.',
      success: { status: 200, description: 'An endless text/event-stream.', mediaType: 'text/event-stream', schema: z.string() },
      problems: [],
      handler: async (call) => {
        const { actor } = call;
        const { request, reply } = httpOf(call);
        const headers = {
          ...(reply.getHeaders() as OutgoingHttpHeaders),
          'Content-Type': 'text/event-stream; charset=utf-8',
          'Cache-Control': 'no-store',
          Connection: 'keep-alive',
          'X-Accel-Buffering': 'no',
        };
        const raw = reply.raw;
        if (request.method === 'HEAD') {
          // Headers only, at once: a HEAD can never read events, so it holds no subscription.
          reply.hijack();
          raw.writeHead(200, headers);
          raw.end();
          return;
        }
        // Subscribing first takes the stream's slot (or answers 429 while an answer can still be
        // chosen); events that arrive before the headers are written wait for them.
        let sequence = 0;
        let closed = false;
        let started = false;
        const early: LiveEvent[] = [];
        let heartbeat: NodeJS.Timeout | undefined = undefined;
        let unsubscribe = () => {};
        const write = (event: LiveEvent) => raw.write(`id: ${++sequence}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
        const send = (event: LiveEvent) => {
          if (closed) return;
          if (started) write(event);
          else early.push(event);
        };
        const close = () => {
          if (closed) return;
          closed = true;
          clearInterval(heartbeat);
          unsubscribe();
          raw.end();
        };
        unsubscribe = live.subscribe(actor, send, close);
        reply.hijack();
        raw.writeHead(200, headers);
        raw.write('retry: 3000\n\n');
        started = true;
        for (const event of early.splice(0)) write(event);
        heartbeat = setInterval(() => {
          live.stillAdmitted(actor).then(
            (ok) => (ok ? !closed && raw.write(': keep-alive\n\n') : close()),
            () => close(),
          );
        }, heartbeatMs).unref();
        raw.on('close', close);
        raw.on('error', close);
        // The client may have gone while the slot was being taken: then nothing will report it.
        if (raw.destroyed || request.raw.destroyed || !raw.socket || raw.socket.destroyed) close();
      },
    },
  ];
}
