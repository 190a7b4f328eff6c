import { describe, expect, it } from 'vitest';
import { statusSince } from '../../src/shared/status-since.js';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 12, minute)).toISOString();
const runs = (...oks: boolean[]) => oks.map((ok, i) => ({ startedAt: at(i), ok }));

describe('statusSince', () => {
  it('dates a down monitor from its first failure after the newest success', () => {
    expect(statusSince('down', runs(true, true, false, false, false), false)).toEqual({ since: Date.parse(at(2)), atLeast: false });
  });

  it('dates an up monitor from its first success after the newest failure', () => {
    expect(statusSince('up', runs(false, true, true), false)).toEqual({ since: Date.parse(at(1)), atLeast: false });
  });

  it('gives a lower bound when the streak reaches past the oldest run at hand, and the time when those are all there were', () => {
    expect(statusSince('up', runs(true, true, true), false)).toEqual({ since: Date.parse(at(0)), atLeast: true });
    expect(statusSince('up', runs(true, true, true), true)).toEqual({ since: Date.parse(at(0)), atLeast: false });
  });

  it('takes the time the state is otherwise known to have begun when the streak reaches past the runs at hand', () => {
    const incidentEnded = Date.parse(at(0)) - 3 * 86_400_000;
    expect(statusSince('up', runs(true, true, true), false, incidentEnded)).toEqual({ since: incidentEnded, atLeast: false });
    // A time after the oldest run of the streak contradicts it: the runs' lower bound stands.
    expect(statusSince('up', runs(true, true, true), false, Date.parse(at(1)))).toEqual({ since: Date.parse(at(0)), atLeast: true });
    // Not needed when the streak ends within the runs.
    expect(statusSince('down', runs(true, false), false, incidentEnded)).toEqual({ since: Date.parse(at(1)), atLeast: false });
  });

  it('says nothing for other statuses, without runs, or when the newest run contradicts the status', () => {
    expect(statusSince('degraded', runs(true, false), false)).toBeNull();
    expect(statusSince('paused', runs(true), false)).toBeNull();
    expect(statusSince('up', [], true)).toBeNull();
    expect(statusSince('down', runs(false, true), false)).toBeNull();
  });
});
