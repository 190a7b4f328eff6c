import pino from 'pino';
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { ProbeBroker, type ProbeBrokerOptions } from '../../src/checks/probes/broker.js';
import { RegionActivity } from '../../src/checks/region-activity.js';
import type { RegionActivityReport } from '../../src/domain/probes/regions.js';

/*
 * A probe's take answers only once the region's presence is written: a caller who reads
 * GET /api/v1/regions after a probe was answered sees it serving, with the rate it reported, on
 * either store. A presence write that fails does not fail the take.
 */

const probe = { tokenId: 'token-1', region: 'eu-west', name: 'probe eu-west' };

function brokerWith(markServed: (region: string, by: string, report: RegionActivityReport) => Promise<void>) {
  const activity = new RegionActivity();
  const broker = new ProbeBroker({
    // The database and the leases are not reached: no check waits and no result is posted.
    db: null as unknown as ProbeBrokerOptions['db'],
    dispatcher: { consume: () => {} } as unknown as ProbeBrokerOptions['dispatcher'],
    monitors: { findActiveForCheckMany: async () => new Map() },
    record: async () => {},
    recorderBacklog: () => 0,
    leases: null as unknown as ProbeBrokerOptions['leases'],
    regions: { markServed },
    activity,
    logger: pino({ level: 'silent' }),
    selfRegions: ['us-east'],
    teamConcurrency: 10,
    registry: new Registry(),
  });
  return { broker, activity };
}

describe('a probe asking for work', () => {
  it('is answered after its presence is written, with the checks its region recorded', async () => {
    let release!: () => void;
    const written: RegionActivityReport[] = [];
    const { broker, activity } = brokerWith((_region, _by, report) => {
      return new Promise((resolve) => {
        release = () => {
          written.push(report);
          resolve();
        };
      });
    });
    activity.note('eu-west', 20);
    activity.note('eu-west', 40);
    let answered = false;
    const taking = broker.take(probe, { max: 1, waitMs: 0 }, new AbortController().signal).then((answer) => {
      answered = true;
      return answer;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answered).toBe(false);
    release();
    expect(await taking).toEqual({ checks: [], accept: expect.any(Number) });
    expect(written).toEqual([{ checksPerMinute: 2, lagMs: 30 }]);
    broker.stop();
  });

  it('is answered when the presence cannot be written', async () => {
    const { broker } = brokerWith(async () => {
      throw new Error('database unavailable');
    });
    await expect(broker.take(probe, { max: 1, waitMs: 0 }, new AbortController().signal)).resolves.toMatchObject({ checks: [] });
    broker.stop();
  });

  it('is refused when the server stops while its presence is written', async () => {
    let release!: () => void;
    const { broker } = brokerWith(() => new Promise((resolve) => (release = resolve)));
    const taking = broker.take(probe, { max: 1, waitMs: 30_000 }, new AbortController().signal);
    await new Promise((resolve) => setTimeout(resolve, 10));
    broker.stop();
    release();
    await expect(taking).rejects.toMatchObject({ code: 'unavailable' });
  });
});
