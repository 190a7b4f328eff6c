import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_URL, startServer, type Member, type TestServer } from '../helpers/server.js';
import { newPersonTeam, signIn } from '../dashboard/support.js';

const PATH = '/api/v1/events/stream';

interface Stream {
  status: number;
  body: any;
  close(): Promise<void>;
}

/** Opens a stream (with a deadline, so that a stream opened by mistake cannot hang the test). */
async function open(server: TestServer, headers: Record<string, string>): Promise<Stream> {
  const controller = new AbortController();
  const deadline = setTimeout(() => controller.abort(), 10_000);
  const response = await fetch(server.baseUrl + PATH, { headers, signal: controller.signal });
  clearTimeout(deadline);
  if (response.status !== 200) {
    const body = await response.json();
    return { status: response.status, body, close: async () => {} };
  }
  const reader = response.body!.getReader();
  await reader.read(); // the stream has begun
  return {
    status: 200,
    body: null,
    async close() {
      controller.abort();
      await reader.cancel().catch(() => {});
    },
  };
}

const bearer = (member: Member) => ({ authorization: `Bearer ${member.token}` });

async function waitFor(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function expectRateLimited(stream: Stream): void {
  expect(stream.status).toBe(429);
  expect(stream.body).toMatchObject({ type: `${PUBLIC_URL}/errors/rate-limited`, status: 429, instance: PATH });
}

describe('live streams per token or session', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('opens at most 5 per token; the sixth is 429 until one closes', async () => {
    const member = await server.newTeam('Member');
    const live = server.app.services.live;
    const streams: Stream[] = [];
    try {
      for (let i = 0; i < 5; i++) {
        const stream = await open(server, bearer(member));
        expect(stream.status).toBe(200);
        streams.push(stream);
      }
      const sixth = await open(server, bearer(member));
      expectRateLimited(sixth);
      expect(sixth.body.detail).toMatch(/5 live streams open/);
      // Another token of the same team has slots of its own.
      const colleague = await server.addMember(member.teamId, 'Member');
      const theirs = await open(server, bearer(colleague));
      expect(theirs.status).toBe(200);
      streams.push(theirs);

      // A stream the client closes frees its slot.
      await streams.shift()!.close();
      await waitFor(() => live.openStreams(member.tokenId) === 4, 'the closed stream to free its slot');
      const again = await open(server, bearer(member));
      expect(again.status).toBe(200);
      streams.push(again);
      expectRateLimited(await open(server, bearer(member)));
    } finally {
      for (const stream of streams) await stream.close();
    }
    await waitFor(() => live.openStreams() === 0, 'every stream to be closed');
  });

  it('opens at most 5 per dashboard session', async () => {
    const person = await newPersonTeam(server, 'Owner');
    const browser = await signIn(server, person);
    const streams: Stream[] = [];
    try {
      for (let i = 0; i < 5; i++) streams.push(await open(server, { cookie: browser.cookie }));
      expect(streams.map((s) => s.status)).toEqual([200, 200, 200, 200, 200]);
      expectRateLimited(await open(server, { cookie: browser.cookie }));
      // The same person's second session counts apart.
      const other = await open(server, { cookie: (await signIn(server, person)).cookie });
      expect(other.status).toBe(200);
      streams.push(other);
    } finally {
      for (const stream of streams) await stream.close();
    }
  });

  it('HEAD answers the headers at once and holds no subscription', async () => {
    const member = await server.newTeam('Member');
    const live = server.app.services.live;
    await waitFor(() => live.openStreams() === 0, 'earlier streams to close');
    for (let i = 0; i < 8; i++) {
      const response = await fetch(server.baseUrl + PATH, { method: 'HEAD', headers: bearer(member), signal: AbortSignal.timeout(5_000) });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(await response.text()).toBe('');
      expect(live.openStreams()).toBe(0);
    }
    // None of them took a slot: all five streams still open.
    const streams: Stream[] = [];
    try {
      for (let i = 0; i < 5; i++) streams.push(await open(server, bearer(member)));
      expect(streams.map((s) => s.status)).toEqual([200, 200, 200, 200, 200]);
    } finally {
      for (const stream of streams) await stream.close();
    }
    const anonymous = await fetch(server.baseUrl + PATH, { method: 'HEAD', signal: AbortSignal.timeout(5_000) });
    expect(anonymous.status).toBe(401);
  });
});

describe('live streams per process', () => {
  it('opens at most the configured number in all; the next is 429', async () => {
    const server = await startServer({}, { live: { streamsPerProcess: 3 } });
    const streams: Stream[] = [];
    try {
      const first = await server.newTeam('Member');
      const callers = [first, await server.addMember(first.teamId, 'Member'), await server.newTeam('Owner'), await server.newTeam('Owner')];
      for (const caller of callers.slice(0, 3)) streams.push(await open(server, bearer(caller)));
      expect(streams.map((s) => s.status)).toEqual([200, 200, 200]);
      const refused = await open(server, bearer(callers[3]!));
      expectRateLimited(refused);
      expect(refused.body.detail).toMatch(/server/);
      await streams.shift()!.close();
      await waitFor(() => server.app.services.live.openStreams() === 2, 'the closed stream to free its slot');
      const next = await open(server, bearer(callers[3]!));
      expect(next.status).toBe(200);
      streams.push(next);
    } finally {
      for (const stream of streams) await stream.close();
      await server.close();
    }
  });
});
