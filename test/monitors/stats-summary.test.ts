/**
 * `GET /api/v1/monitor-stats`: every monitor's 24-hour figures and its newest runs. The runs of all
 * the team's monitors are read in one query (they were read once per monitor), with the same
 * answer on both stores.
 */
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/domain/actor.js';
import { newId } from '../../src/domain/ids.js';
import { MonitorStatsService, SUMMARY_RECENT_RUNS } from '../../src/domain/monitor-stats.js';
import { PUSH_REGION } from '../../src/domain/run-columns.js';
import { startServer, type Member, type TestServer } from '../helpers/server.js';
import { MONITORS } from './fixtures.js';

let server: TestServer;
let owner: Member;

beforeAll(async () => {
  server = await startServer();
  owner = await server.newTeam('Owner');
});
afterAll(() => server?.close());

interface Run {
  id: string;
  startedAt: number;
  region: string;
  durationMs: number;
  ok: boolean;
}

/** A heartbeat monitor: checked by nobody, so its runs are only those the test writes. */
async function newMonitor(who: Member, name: string): Promise<string> {
  const answer = await server.request('POST', MONITORS, { token: who.token, body: { type: 'heartbeat', name, periodSeconds: 3600 } });
  expect(answer.status).toBe(201);
  return answer.body.id as string;
}

const T0 = Date.UTC(2026, 0, 5, 12);

/** `count` runs, a minute apart; every fourth shares its start with the one before (told apart by id). */
async function writeRuns(monitorId: string, count: number, seed: number): Promise<Run[]> {
  const runs: Run[] = [];
  for (let i = 0; i < count; i++) {
    const startedAt = T0 + seed * 7 + (i % 4 === 3 ? i - 1 : i) * 60_000;
    runs.push({
      id: newId(),
      startedAt,
      region: i % 5 === 0 ? PUSH_REGION : ['us-east', 'eu-west', 'asia'][i % 3]!,
      durationMs: i % 7 === 0 ? -1 : 10 + i,
      ok: (i + seed) % 3 !== 0,
    });
  }
  // Written out of order, as runs of several regions arrive.
  const shuffled = [...runs].sort((a, b) => (a.id.split('').reverse().join('') < b.id.split('').reverse().join('') ? -1 : 1));
  await server.app.store.db
    .insertInto('monitor_runs')
    .values(
      shuffled.map((r) => ({
        id: r.id,
        monitor_id: monitorId,
        region: r.region,
        trigger: 'scheduled',
        started_at: r.startedAt,
        duration_ms: r.durationMs,
        ok: r.ok ? 1 : 0,
        attempts: 1,
        error_code: null,
        error_message: null,
        status_code: null,
        timings: null,
        certificate: null,
        assertions: null,
        warnings: null,
        log: null,
        dns: null,
      })),
    )
    .execute();
  return runs;
}

/** What the summary must show of `runs`: the newest SUMMARY_RECENT_RUNS (ties by id), oldest first. */
function expectedRecent(runs: Run[]) {
  return [...runs]
    .sort((a, b) => b.startedAt - a.startedAt || (a.id < b.id ? 1 : -1))
    .slice(0, SUMMARY_RECENT_RUNS)
    .reverse()
    .map((r) => ({
      startedAt: new Date(r.startedAt).toISOString(),
      region: r.region === PUSH_REGION ? null : r.region,
      durationMs: r.durationMs === -1 ? null : r.durationMs,
      ok: r.ok,
    }));
}

const actorOf = (who: Member): Actor => ({ tokenId: 'test', userId: who.userId, teamId: who.teamId, role: 'Owner' });

/** The summary service on a database that counts the queries it runs. */
function countingStats(): { stats: MonitorStatsService; queries: () => number } {
  let queries = 0;
  const counter: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: (args) => {
      queries++;
      return Promise.resolve(args.result);
    },
  };
  const stats = new MonitorStatsService(
    server.app.store.db.withPlugin(counter),
    server.app.services.monitors,
    undefined,
    server.store === 'postgres' ? 'postgres' : 'sqlite',
  );
  return { stats, queries: () => queries };
}

describe('the monitor stats summary', () => {
  it("shows each monitor's newest runs, oldest first, and only the team's live monitors", async () => {
    const many = await newMonitor(owner, 'Many runs');
    const few = await newMonitor(owner, 'Few runs');
    const none = await newMonitor(owner, 'No runs');
    const deleted = await newMonitor(owner, 'Deleted');
    const stranger = await server.newTeam('Owner');
    const theirs = await newMonitor(stranger, 'Theirs');
    const runs = {
      [many]: await writeRuns(many, SUMMARY_RECENT_RUNS + 15, 1),
      [few]: await writeRuns(few, 4, 2),
      [deleted]: await writeRuns(deleted, 5, 3),
      [theirs]: await writeRuns(theirs, 6, 4),
    };
    expect((await server.request('DELETE', `${MONITORS}/${deleted}`, { token: owner.token })).status).toBe(204);

    const answer = await server.read('/api/v1/monitor-stats', owner.token);

    expect(answer.data.map((s: any) => s.monitorId)).toEqual([many, few, none]);
    const byId = new Map<string, any>(answer.data.map((s: any) => [s.monitorId, s]));
    expect(byId.get(many).recent).toHaveLength(SUMMARY_RECENT_RUNS);
    expect(byId.get(many).recent).toEqual(expectedRecent(runs[many]!));
    expect(byId.get(few).recent).toEqual(expectedRecent(runs[few]!));
    expect(byId.get(none).recent).toEqual([]);
    const strangers = await server.read('/api/v1/monitor-stats', stranger.token);
    expect(strangers.data).toEqual([expect.objectContaining({ monitorId: theirs, recent: expectedRecent(runs[theirs]!) })]);
  });

  it('reads the recent runs of every monitor in one query, however many monitors there are', async () => {
    const team = await server.newTeam('Owner');
    const first = await newMonitor(team, 'First');
    await writeRuns(first, 3, 5);
    const { stats, queries } = countingStats();

    const one = await stats.summary(actorOf(team));
    const forOne = queries();
    expect(one).toHaveLength(1);

    for (let i = 0; i < 11; i++) await writeRuns(await newMonitor(team, `More ${i}`), 2 + i, 6 + i);
    const twelve = await stats.summary(actorOf(team));
    expect(twelve).toHaveLength(12);
    expect(twelve.every((s) => s.recent.length > 0)).toBe(true);

    // The 24-hour rollups and the recent runs: two queries for one monitor and for twelve.
    expect(forOne).toBe(2);
    expect(queries() - forOne).toBe(2);
  });
});
