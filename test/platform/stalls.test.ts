import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JUDGING_TIME_LIMIT_MS } from '../../src/monitor-types/http/judge-answer.js';
import { jsonShapeProblem, MAX_JSON_DEPTH, MAX_JSON_NODES } from '../../src/shared/json-shape.js';
import { call, createHttpMonitor } from '../alerts/fixtures.js';
import { startServer, type Member, type TestServer } from '../helpers/server.js';
import { loopDelayDuring } from '../helpers/loop-delay.js';
import { eventually } from '../helpers/target.js';

/*
 * The third attack, against the real server (in this process, so its event loop is the
 * one measured), on both stores: a Member's requests and checks that used to hold the event loop
 * for seconds. While each attack runs, the loop's delay p99 stays under 100 ms above that of an
 * idle probe thread measured at the same time (what the rest of a busy machine adds to any loop).
 */

let server: TestServer;
let member: Member;
let target: http.Server;
let targetUrl: string;

/** 175 KB of text that none of the patterns below matches. */
const BODY = 'lorem ipsum dolor sit amet, consectetur adipiscing elit '.repeat(3_125);
/** Twenty patterns, each some tens of milliseconds on BODY (case-folded Unicode classes), together about two seconds. */
const COSTLY = Array.from({ length: 20 }, (_, i) => ({ source: 'body', op: 'notMatches', value: `(?i)(\\pL|\\pN|\\pP|\\s){1000}q${i}` }));

beforeAll(async () => {
  target = http.createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/plain' }).end(BODY));
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/`;
  server = await startServer({ LOOKOUT_REGIONS: 'us-east', LOOKOUT_TARGET_POLICY: 'all' });
  member = await server.addMember((await server.newTeam('Owner')).teamId, 'Member');
});

afterAll(async () => {
  await server?.close();
  target?.closeAllConnections();
  await new Promise((resolve) => target?.close(resolve));
});

describe('no request or check of a Member stalls the server', () => {
  // A stall is seconds, and shows in every attempt; a busy machine's noise (tens of ms above the idle
  // probe in one window) does not, so an attempt over the bound is tried again up to twice.
  it('refuses 20 concurrent rules that never match, each a 400 on rrule, without blocking the event loop', { retry: 2 }, async () => {
    const monitor = await createHttpMonitor(server, member, { name: 'Stall target' });
    // 2030-01-01 is a Tuesday; 2027-02-01 a Monday in a February.
    const tuesday = { startsAt: '2030-01-01T01:00:00Z', endsAt: '2030-01-01T02:00:00Z' };
    const february = { startsAt: '2027-02-01T01:00:00Z', endsAt: '2027-02-01T02:00:00Z' };
    const rules = [
      { rrule: 'FREQ=MONTHLY;BYMONTHDAY=31;BYDAY=1MO', ...tuesday, timezone: 'Pacific/Chatham' },
      { rrule: 'FREQ=MONTHLY;BYMONTHDAY=30,31;BYDAY=1MO,1TU,1WE', ...tuesday },
      { rrule: 'FREQ=MONTHLY;BYMONTHDAY=1;BYDAY=-1FR', ...tuesday, timezone: 'Europe/Berlin' },
      { rrule: 'FREQ=DAILY;INTERVAL=7;BYDAY=MO,WE,TH,FR,SA,SU', ...tuesday }, // every 7 days from a Tuesday
      { rrule: 'FREQ=MONTHLY;INTERVAL=12;BYMONTHDAY=30', ...february }, // Februaries only
      { rrule: 'FREQ=MONTHLY;INTERVAL=48;BYMONTHDAY=29', ...february }, // Februaries of 2027 and 2031: none within 5 years
    ];
    // Normal traffic first (what a server that has answered anything has compiled already).
    const normal = await call(server, member, 'POST', '/api/v1/maintenance-windows', {
      title: 'weekly',
      monitorIds: [monitor.id],
      rrule: 'FREQ=WEEKLY;BYDAY=SU',
      ...tuesday,
    });
    expect(normal.status, normal.text).toBe(201);
    const { result: answers, ...delay } = await loopDelayDuring(() =>
      Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          call(server, member, 'POST', '/api/v1/maintenance-windows', { title: `never ${i}`, monitorIds: [monitor.id], ...rules[i % rules.length] }),
        ),
      ),
    );

    for (const answer of answers) {
      expect(answer.status, answer.text).toBe(400);
      expect(answer.body.errors).toEqual([
        { field: 'rrule', message: expect.stringMatching(/^(never gives an occurrence: |gives no occurrence within 5 years)/) },
      ]);
    }
    expect(answers[0]!.body.errors[0].message).toMatch(/no day of any month is both BYMONTHDAY=31 and BYDAY=1MO/);
    expect(answers[3]!.body.errors[0].message).toMatch(/every 7 days from startsAt \(a Tuesday/);
    expect(answers[4]!.body.errors[0].message).toMatch(/reaches only February/);
    expect(answers[5]!.body.errors[0].message).toBe('gives no occurrence within 5 years of startsAt');
    expect(delay.added, JSON.stringify(delay)).toBeLessThan(100);
    // The near miss is taken: a fifth Monday can be the 29th.
    const near = await call(server, member, 'POST', '/api/v1/maintenance-windows', {
      title: 'near miss',
      monitorIds: [monitor.id],
      rrule: 'FREQ=MONTHLY;BYMONTHDAY=29;BYDAY=5MO',
      ...tuesday,
    });
    expect(near.status, near.text).toBe(201);
  });

  it('judges 20 costly patterns on a 175 KB body off the event loop and fails the run with assertion-timeout at 500 ms in total', async () => {
    const created = await call(server, member, 'POST', '/api/v1/monitors', {
      type: 'http',
      name: 'Costly patterns',
      url: targetUrl,
      intervalSeconds: 3600,
      timeoutSeconds: 10,
      regions: ['us-east'],
      method: 'GET',
      expectedStatus: 200,
      assertions: COSTLY,
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as string;
    const runs = async () => (await server.read(`/api/v1/monitors/${id}/runs`, member.token)).data as any[];
    // Three checks, one after the other, each judged while the loop is measured.
    const { result: run, ...delay } = await loopDelayDuring(async () => {
      for (let i = 0; i < 3; i++) {
        const before = (await runs()).length;
        await server.app.services.dispatcher.enqueue({
          monitorId: id,
          region: 'us-east',
          trigger: 'scheduled',
          dueAt: Date.now(),
          nextDueAt: Date.now() + 3_600_000,
        });
        await eventually(async () => (await runs()).length > before, 20_000);
      }
      return (await runs())[0];
    });

    expect(run, JSON.stringify({ error: run.error, assertions: run.assertions.slice(0, 2) })).toMatchObject({
      ok: false,
      error: {
        code: 'assertion-timeout',
        message: `judging the 20 assertions took longer than ${JUDGING_TIME_LIMIT_MS} ms in total (a large body or costly patterns)`,
      },
    });
    expect(run.assertions).toHaveLength(20);
    expect(run.assertions.every((a: { ok: boolean; actual: unknown }) => !a.ok && a.actual === null)).toBe(true);
    expect(delay.added, JSON.stringify(delay)).toBeLessThan(100);
  });

  // Tried again up to twice, as above: these bodies held the loop for seconds before they were refused unparsed.
  it('refuses, unparsed, request bodies whose parsing would hold the event loop (deep nesting, 80,000 keys)', { retry: 2 }, async () => {
    const MiB = 1024 * 1024;
    const deep = `{"name":${'['.repeat(MiB / 2 - 10)}${']'.repeat(MiB / 2 - 10)}}`;
    const keys = `{${Array.from({ length: 80_000 }, (_, i) => `"${i}":1`).join(',')}}`;
    const manyArrays = `[${Array.from({ length: 8_000 }, () => `${'['.repeat(60)}${']'.repeat(60)}`).join(',')}]`;
    expect(keys.length).toBeLessThan(MiB);
    const send = (body: string, token: string) =>
      fetch(`${server.baseUrl}/api/v1/monitors`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body,
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));
    await send('{"name":"warm"}', member.token);
    // One after the other: each request alone must not hold the loop (21 MiB of any JSON sent at
    // once arrive in one turn of the loop and cost their reading, parsed or not).
    const bodies = Array.from({ length: 21 }, (_, i) => [deep, keys, manyArrays][i % 3]!);
    const answers: Array<{ status: number; body: any }> = [];
    const delay = await loopDelayDuring(() =>
      Promise.all(
        [0].map(async () => {
          for (let i = 0; i < bodies.length; i++) answers[i] = await send(bodies[i]!, member.token);
        }),
      ),
    );

    answers.forEach((answer, i) => {
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual([
        {
          field: 'body',
          message: i % 3 === 0 ? `was not read: nested deeper than ${MAX_JSON_DEPTH} levels` : 'was not read: more than 20,000 arrays, objects and members',
        },
      ]);
    });
    // Each body held the loop for seconds before it was refused unparsed. Reading a MiB still takes
    // its turn, which a machine busy with other suites stretches past 100 ms: the bound is looser here.
    expect(delay.added, JSON.stringify(delay)).toBeLessThan(250);
  });
});

describe('the shape of a body, counted before parsing', () => {
  it('counts arrays, objects and members outside strings, and depth', () => {
    // Brackets, braces and colons inside strings (escaped quotes and backslashes too) are text.
    expect(jsonShapeProblem(JSON.stringify({ a: '[[[[{{{{"}}}}:::', b: [1, { c: '\\"]:' }] }))).toBeNull();
    expect(jsonShapeProblem(`${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`)).toBeNull();
    expect(jsonShapeProblem(`${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`)).toBe(`nested deeper than ${MAX_JSON_DEPTH} levels`);
    const members = (n: number) => `{${Array.from({ length: n }, (_, i) => `"k${i}":"a:b{"`).join(',')}}`;
    expect(jsonShapeProblem(members(MAX_JSON_NODES - 1))).toBeNull();
    expect(jsonShapeProblem(members(MAX_JSON_NODES))).toMatch(/^more than 20,000/);
    // A window over 1,000 monitors and a monitor with 20 assertions are far from the limits.
    expect(jsonShapeProblem(JSON.stringify({ monitorIds: Array.from({ length: 1000 }, (_, i) => `id-${i}`), assertions: COSTLY }))).toBeNull();
  });
});
