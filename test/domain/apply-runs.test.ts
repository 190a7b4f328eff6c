import { describe, expect, it } from 'vitest';
import { applyRuns, type MonitorState, type RunOutcome, type SeenCertificate } from '../../src/domain/status/apply-runs.js';

const T0 = Date.parse('2026-11-23T12:00:00.000Z');
const TIMEOUT = { code: 'timeout', message: 'timed out after 5 s' };

function monitor(overrides: Partial<MonitorState> = {}): MonitorState {
  return {
    monitorId: 'm1',
    teamId: 't1',
    paused: false,
    regions: ['us-east', 'eu-west'],
    status: 'pending',
    degradedReasons: [],
    regionResults: {},
    streaks: {},
    failureThreshold: 1,
    recoveryThreshold: 1,
    certificate: null,
    warnedFingerprints: [],
    warningDays: 30,
    lastCheckedAt: 0,
    maintenance: false,
    ...overrides,
  };
}

function run(region: string, ok: boolean, at: number, extra: Partial<RunOutcome> = {}): RunOutcome {
  return { region, startedAt: at, ok, error: ok ? null : TIMEOUT, warnings: [], certificate: null, expiringSoon: false, ...extra };
}

/** The state after these runs, starting from a fresh monitor of `regions`. */
function after(runs: RunOutcome[], regions: string[] = ['us-east', 'eu-west']): MonitorState {
  return applyRuns(monitor({ regions }), runs).state;
}

function certificate(fingerprint256: string): SeenCertificate {
  return {
    subject: 'CN=shop.example.test',
    issuer: 'CN=Test CA',
    validFrom: '2026-01-01T00:00:00.000Z',
    validTo: '2026-12-01T00:00:00.000Z',
    daysRemaining: 8,
    fingerprint256,
  };
}

function expiring(region: string, at: number, fingerprint: string): RunOutcome {
  return run(region, true, at, { certificate: certificate(fingerprint), expiringSoon: true });
}

function statusChanges(events: ReturnType<typeof applyRuns>['events']) {
  return events.filter((e) => e.type === 'monitor.status_changed').map((e) => e.type === 'monitor.status_changed' && [e.previousStatus, e.status]);
}

describe('applyRuns: status transitions', () => {
  it('pending → up when every region succeeds, with the regions and time of the change', () => {
    const { state, events } = applyRuns(monitor(), [run('us-east', true, T0), run('eu-west', true, T0 + 5)]);
    expect(state.status).toBe('up');
    expect(state.lastCheckedAt).toBe(T0 + 5);
    expect(events).toEqual([
      {
        type: 'monitor.status_changed',
        monitorId: 'm1',
        teamId: 't1',
        previousStatus: 'pending',
        status: 'up',
        degradedReasons: [],
        regions: [{ region: 'us-east', ok: true, error: null, warnings: [] }],
        occurredAt: new Date(T0).toISOString(),
      },
    ]);
  });

  it('pending → down when every region fails', () => {
    const { state, events } = applyRuns(monitor(), [run('us-east', false, T0), run('eu-west', false, T0 + 1)]);
    expect(state.status).toBe('down');
    expect(statusChanges(events)).toEqual([['pending', 'down']]);
  });

  it('up → down when every region fails, naming the failing regions and their errors', () => {
    const up = after([run('us-east', true, T0), run('eu-west', true, T0)]);
    const { state, events } = applyRuns(up, [run('us-east', false, T0 + 60_000), run('eu-west', false, T0 + 60_000)]);
    expect(state.status).toBe('down');
    // The first failure leaves one region up: degraded, then down.
    expect(statusChanges(events)).toEqual([
      ['up', 'degraded'],
      ['degraded', 'down'],
    ]);
    expect(events.at(-1)).toMatchObject({
      regions: [
        { region: 'us-east', ok: false, error: TIMEOUT },
        { region: 'eu-west', ok: false, error: TIMEOUT },
      ],
    });
  });

  it('up → down at once for a monitor of a single region', () => {
    const up = after([run('us-east', true, T0)], ['us-east']);
    const { state, events } = applyRuns(up, [run('us-east', false, T0 + 60_000)]);
    expect(state.status).toBe('down');
    expect(statusChanges(events)).toEqual([['up', 'down']]);
  });

  it('down → up for a single region', () => {
    const down = after([run('us-east', false, T0)], ['us-east']);
    expect(down.status).toBe('down');
    const { state, events } = applyRuns(down, [run('us-east', true, T0 + 60_000)]);
    expect(state.status).toBe('up');
    expect(statusChanges(events)).toEqual([['down', 'up']]);
  });

  it('up → degraded when some regions fail, not all', () => {
    const up = after([run('us-east', true, T0), run('eu-west', true, T0)]);
    const { state, events } = applyRuns(up, [run('eu-west', false, T0 + 60_000)]);
    expect(state.status).toBe('degraded');
    expect(statusChanges(events)).toEqual([['up', 'degraded']]);
    expect(events[0]).toMatchObject({
      regions: [
        { region: 'us-east', ok: true },
        { region: 'eu-west', ok: false, error: TIMEOUT },
      ],
    });
  });

  it('degraded → up when the failing region recovers', () => {
    const degraded = after([run('us-east', true, T0), run('eu-west', false, T0)]);
    expect(degraded.status).toBe('degraded');
    const { state, events } = applyRuns(degraded, [run('eu-west', true, T0 + 60_000)]);
    expect(state.status).toBe('up');
    expect(statusChanges(events)).toEqual([['degraded', 'up']]);
  });

  it('degraded → down when the last succeeding region fails too', () => {
    const degraded = after([run('us-east', true, T0), run('eu-west', false, T0)]);
    const { state, events } = applyRuns(degraded, [run('us-east', false, T0 + 60_000)]);
    expect(state.status).toBe('down');
    expect(statusChanges(events)).toEqual([['degraded', 'down']]);
  });

  it('returns no event when the status does not change, and still moves the region results on', () => {
    const up = after([run('us-east', true, T0), run('eu-west', true, T0)]);
    const { state, events } = applyRuns(up, [run('us-east', true, T0 + 60_000), run('eu-west', true, T0 + 60_001)]);
    expect(events).toEqual([]);
    expect(state.status).toBe('up');
    expect(state.regionResults).toEqual({ 'us-east': { ok: true, error: null, at: T0 + 60_000 }, 'eu-west': { ok: true, error: null, at: T0 + 60_001 } });
    expect(state.lastCheckedAt).toBe(T0 + 60_001);
  });

  it('changes nothing for a paused monitor (its late runs are stored elsewhere, not applied)', () => {
    const paused = monitor({ paused: true, status: 'up', regionResults: { 'us-east': { ok: true, error: null, at: T0 } } });
    const { state, events } = applyRuns(paused, [run('us-east', false, T0 + 60_000), expiring('us-east', T0 + 60_001, 'AA:BB')]);
    expect(events).toEqual([]);
    expect(state).toBe(paused);
  });

  it('keeps a newer result of a region over a run that started earlier (a late retry)', () => {
    const up = after([run('us-east', true, T0 + 60_000), run('eu-west', true, T0 + 60_000)]);
    const { state, events } = applyRuns(up, [run('us-east', false, T0)]);
    expect(events).toEqual([]);
    expect(state.status).toBe('up');
    expect(state.regionResults['us-east']).toEqual({ ok: true, error: null, at: T0 + 60_000 });
    expect(state.lastCheckedAt).toBe(T0 + 60_000);
  });

  it('ignores results of regions the monitor is no longer checked from', () => {
    const { state, events } = applyRuns(monitor({ regions: ['us-east'], status: 'up', regionResults: { 'us-east': { ok: true, error: null, at: T0 } } }), [
      run('asia', false, T0 + 1),
    ]);
    expect(state.status).toBe('up');
    expect(events).toEqual([]);
  });

  it('applies several runs of one batch in the order given, one event per change', () => {
    const { state, events } = applyRuns(monitor({ regions: ['us-east'] }), [
      run('us-east', true, T0),
      run('us-east', false, T0 + 60_000),
      run('us-east', false, T0 + 120_000),
      run('us-east', true, T0 + 180_000),
    ]);
    expect(state.status).toBe('up');
    expect(statusChanges(events)).toEqual([
      ['pending', 'up'],
      ['up', 'down'],
      ['down', 'up'],
    ]);
    expect(events.map((e) => e.occurredAt)).toEqual([T0, T0 + 60_000, T0 + 180_000].map((t) => new Date(t).toISOString()));
  });

  it('does not modify the state it is given', () => {
    const input = monitor({ status: 'up', regionResults: { 'us-east': { ok: true, error: null, at: T0 } } });
    const copy = structuredClone(input);
    applyRuns(input, [run('us-east', false, T0 + 60_000), expiring('eu-west', T0 + 60_000, 'AA:BB')]);
    expect(input).toEqual(copy);
  });
});

describe('applyRuns: degraded reasons', () => {
  const SLOW = ['assertion 1: responseTime 912 ms ≥ 800'];
  const warned = (region: string, at: number) => run(region, true, at, { warnings: SLOW });

  it('up → degraded for assertions when a run succeeds with warnings, naming them in the event', () => {
    const up = after([run('us-east', true, T0), run('eu-west', true, T0)]);
    expect(up.degradedReasons).toEqual([]);
    const { state, events } = applyRuns(up, [warned('eu-west', T0 + 60_000)]);
    expect(state.status).toBe('degraded');
    expect(state.degradedReasons).toEqual(['assertions']);
    expect(state.regionResults['eu-west']).toEqual({ ok: true, error: null, at: T0 + 60_000, warnings: SLOW });
    expect(events).toEqual([
      {
        type: 'monitor.status_changed',
        monitorId: 'm1',
        teamId: 't1',
        previousStatus: 'up',
        status: 'degraded',
        degradedReasons: ['assertions'],
        regions: [
          { region: 'us-east', ok: true, error: null, warnings: [] },
          { region: 'eu-west', ok: true, error: null, warnings: SLOW },
        ],
        occurredAt: new Date(T0 + 60_000).toISOString(),
      },
    ]);
  });

  it('pending → degraded for assertions when every region warns, and a single region too', () => {
    expect(after([warned('us-east', T0), warned('eu-west', T0)])).toMatchObject({ status: 'degraded', degradedReasons: ['assertions'] });
    expect(after([warned('us-east', T0)], ['us-east'])).toMatchObject({ status: 'degraded', degradedReasons: ['assertions'] });
  });

  it('degraded for regions when some regions fail; for both when another succeeds with warnings', () => {
    expect(after([run('us-east', true, T0), run('eu-west', false, T0)])).toMatchObject({ status: 'degraded', degradedReasons: ['regions'] });
    expect(after([warned('us-east', T0), run('eu-west', false, T0)])).toMatchObject({ status: 'degraded', degradedReasons: ['regions', 'assertions'] });
  });

  it('down when every region fails, whatever warnings earlier runs had', () => {
    const degraded = after([warned('us-east', T0), run('eu-west', false, T0)]);
    const { state, events } = applyRuns(degraded, [run('us-east', false, T0 + 60_000)]);
    expect(state).toMatchObject({ status: 'down', degradedReasons: [] });
    expect(events).toMatchObject([{ previousStatus: 'degraded', status: 'down', degradedReasons: [] }]);
  });

  it('degraded → up once the warning run is followed by a clean one', () => {
    const degraded = after([warned('us-east', T0), run('eu-west', true, T0)]);
    const { state, events } = applyRuns(degraded, [run('us-east', true, T0 + 60_000)]);
    expect(state).toMatchObject({ status: 'up', degradedReasons: [] });
    expect(state.regionResults['us-east']).toEqual({ ok: true, error: null, at: T0 + 60_000 });
    expect(statusChanges(events)).toEqual([['degraded', 'up']]);
  });

  it('changes the reasons without an event while the status stays degraded', () => {
    const byRegions = after([run('us-east', true, T0), run('eu-west', false, T0)]);
    const { state, events } = applyRuns(byRegions, [run('eu-west', true, T0 + 60_000, { warnings: SLOW })]);
    expect(state).toMatchObject({ status: 'degraded', degradedReasons: ['assertions'] });
    expect(events).toEqual([]);
  });

  it('keeps the very same reasons array when they do not change', () => {
    const byRegions = after([run('us-east', true, T0), run('eu-west', false, T0)]);
    const { state } = applyRuns(byRegions, [run('eu-west', false, T0 + 60_000)]);
    expect(state.degradedReasons).toBe(byRegions.degradedReasons);
  });

  it('ignores warnings of a failed run: it counts as failed', () => {
    const { state } = applyRuns(monitor(), [run('us-east', false, T0, { warnings: SLOW }), run('eu-west', true, T0)]);
    expect(state).toMatchObject({ status: 'degraded', degradedReasons: ['regions'] });
  });
});

describe('applyRuns: certificate expiry', () => {
  it('announces an expiring certificate once per fingerprint, and again for a new certificate', () => {
    const first = applyRuns(monitor({ regions: ['us-east'] }), [expiring('us-east', T0, 'AA:BB')]);
    expect(first.events.filter((e) => e.type === 'certificate.expiring')).toEqual([
      {
        type: 'certificate.expiring',
        monitorId: 'm1',
        teamId: 't1',
        certificate: certificate('AA:BB'),
        warningDays: 30,
        occurredAt: new Date(T0).toISOString(),
      },
    ]);
    expect(first.state.warnedFingerprints).toEqual(['AA:BB']);
    expect(first.state.certificate).toEqual(certificate('AA:BB'));

    const again = applyRuns(first.state, [expiring('us-east', T0 + 60_000, 'AA:BB'), expiring('us-east', T0 + 120_000, 'AA:BB')]);
    expect(again.events).toEqual([]);

    const renewed = applyRuns(again.state, [expiring('us-east', T0 + 180_000, 'CC:DD')]);
    expect(renewed.events).toMatchObject([{ type: 'certificate.expiring', certificate: { fingerprint256: 'CC:DD' } }]);
    expect(renewed.state.warnedFingerprints).toEqual(['AA:BB', 'CC:DD']);
  });

  it('does not announce a certificate again when it comes back after another one', () => {
    const state = monitor({ status: 'up', warnedFingerprints: ['AA:BB', 'CC:DD'] });
    const { events } = applyRuns(state, [expiring('us-east', T0, 'AA:BB'), expiring('eu-west', T0, 'CC:DD')]);
    expect(events).toEqual([]);
  });

  it('announces a certificate once when two regions see it in the same batch', () => {
    const { events } = applyRuns(monitor(), [expiring('us-east', T0, 'AA:BB'), expiring('eu-west', T0 + 1, 'AA:BB')]);
    expect(events.map((e) => e.type)).toEqual(['certificate.expiring', 'monitor.status_changed']);
  });

  it('keeps the certificate of the newest successful run, not of a failed one, and announces nothing without expiry', () => {
    const { state, events } = applyRuns(monitor({ regions: ['us-east'] }), [
      run('us-east', true, T0, { certificate: certificate('AA:BB') }),
      run('us-east', false, T0 + 60_000, { certificate: certificate('EE:FF') }),
    ]);
    expect(state.certificate).toEqual(certificate('AA:BB'));
    expect(events.some((e) => e.type === 'certificate.expiring')).toBe(false);
  });
});

describe('applyRuns: thresholds', () => {
  const single = (overrides: Partial<MonitorState> = {}) => monitor({ regions: ['us-east'], failureThreshold: 3, recoveryThreshold: 2, ...overrides });
  /** The status after each run, one run at a time, and the status changes on the way. */
  function walk(start: MonitorState, outcomes: boolean[]) {
    let state = start;
    const statuses: string[] = [];
    const changes: unknown[] = [];
    outcomes.forEach((ok, i) => {
      const applied = applyRuns(state, [run('us-east', ok, T0 + i * 60_000)]);
      state = applied.state;
      statuses.push(state.status);
      changes.push(...statusChanges(applied.events));
    });
    return { state, statuses, changes };
  }

  it('counts a region as failing after failureThreshold failed runs in a row, not before (3/2, a toggling target)', () => {
    const { statuses, changes } = walk(single(), [true, false, false, true, false, false, false, true, false, true, true]);
    expect(statuses).toEqual(['up', 'up', 'up', 'up', 'up', 'up', 'down', 'down', 'down', 'down', 'up']);
    expect(changes).toEqual([
      ['pending', 'up'],
      ['up', 'down'],
      ['down', 'up'],
    ]);
  });

  it('counts the first success at once (the recovery threshold is about succeeding again), and a first failure only at the threshold', () => {
    expect(walk(single(), [true]).statuses).toEqual(['up']);
    expect(walk(single(), [false, false, false]).statuses).toEqual(['pending', 'pending', 'down']);
  });

  it('keeps the newest error of a region that counts as failing, and the streak of one that does not count yet', () => {
    const other = { code: 'http-status', message: 'expected 200, got 503' };
    let state = walk(single(), [false, false, false]).state;
    state = applyRuns(state, [run('us-east', false, T0 + 3 * 60_000, { error: other })]).state;
    expect(state.regionResults['us-east']).toMatchObject({ ok: false, error: other });
    state = applyRuns(state, [run('us-east', true, T0 + 4 * 60_000)]).state;
    expect(state.regionResults['us-east']).toMatchObject({ ok: false, error: other });
    expect(state.streaks['us-east']).toEqual({ ok: true, count: 1, at: T0 + 4 * 60_000 });
  });

  it('lets a run older than the streak (a late retry) move neither the streak nor the result', () => {
    const { state } = walk(single(), [true, false, false]);
    const late = applyRuns(state, [run('us-east', false, T0 + 30_000)]).state;
    expect(late.streaks).toEqual(state.streaks);
    expect(late.status).toBe('up');
  });

  it('decides per region: with two regions, one past its threshold makes the monitor degraded', () => {
    let state = monitor({ failureThreshold: 2 });
    state = applyRuns(state, [run('us-east', true, T0), run('eu-west', true, T0)]).state;
    state = applyRuns(state, [run('us-east', false, T0 + 60_000), run('eu-west', true, T0 + 60_000)]).state;
    expect(state.status).toBe('up');
    const applied = applyRuns(state, [run('us-east', false, T0 + 120_000), run('eu-west', false, T0 + 120_000)]);
    expect(applied.state.status).toBe('degraded');
    expect(applied.state.degradedReasons).toEqual(['regions']);
  });

  it('keeps no streak once its runs count: in the steady state only the results are kept', () => {
    expect(walk(single(), [true, true, true]).state.streaks).toEqual({});
    expect(walk(single(), [false, false, false, false]).state.streaks).toEqual({});
    expect(walk(single(), [true, false, false, true]).state.streaks).toEqual({});
    expect(walk(single(), [true, false]).state.streaks).toEqual({ 'us-east': { ok: false, count: 1, at: T0 + 60_000 } });
  });
});

describe('maintenance', () => {
  const start = { kind: 'maintenance', active: true, at: T0 } as const;
  const end = (at: number) => ({ kind: 'maintenance', active: false, at }) as const;

  it('keeps the status and returns no event while an occurrence is active; results still move on', () => {
    const up = monitor({ status: 'up', regions: ['us-east'], regionResults: { 'us-east': { ok: true, error: null, at: T0 - 1 } } });
    const during = applyRuns(up, [start, run('us-east', false, T0 + 1000)]);
    expect(during.events).toEqual([]);
    expect(during.state).toMatchObject({ status: 'up', maintenance: true, lastCheckedAt: T0 + 1000 });
    expect(during.state.regionResults['us-east']!.ok).toBe(false);
    // The end is an input: the status comes from the newest results, and the change is reported then.
    const after = applyRuns(during.state, [end(T0 + 5000)]);
    expect(after.state).toMatchObject({ status: 'down', maintenance: false });
    expect(after.events).toEqual([
      expect.objectContaining({ type: 'monitor.status_changed', previousStatus: 'up', status: 'down', occurredAt: new Date(T0 + 5000).toISOString() }),
    ]);
    // Applying the same end again changes nothing.
    expect(applyRuns(after.state, [end(T0 + 6000)])).toEqual({ state: after.state, events: [] });
  });

  it('ends without an event when the status is what it was, and announces an expiring certificate only after', () => {
    const up = monitor({ status: 'up', regions: ['us-east'] });
    const cert = certificate('aa');
    const during = applyRuns(up, [start, run('us-east', true, T0 + 1, { certificate: cert, expiringSoon: true })]);
    expect(during.events).toEqual([]);
    expect(during.state.warnedFingerprints).toEqual([]);
    expect(applyRuns(during.state, [end(T0 + 2)]).events).toEqual([]);
  });

  it('lets a paused monitor follow the occurrence without anything else', () => {
    const paused = monitor({ paused: true, status: 'up' });
    expect(applyRuns(paused, [start]).state).toEqual({ ...paused, maintenance: true });
  });
});
