import { describe, expect, it } from 'vitest';
import { FairQueue } from '../../src/checks/fair-queue.js';

/** A queue whose items are names; started items wait until the test finishes them. */
function harness(limit: number, teamLimit: number) {
  const started: string[] = [];
  const finishers = new Map<string, () => void>();
  const leavers = new Map<string, () => void>();
  const queue = new FairQueue<string>(
    (item, done, leaveTeam) => {
      started.push(item);
      finishers.set(item, done);
      leavers.set(item, leaveTeam);
    },
    limit,
    teamLimit,
  );
  const finish = (item: string) => {
    const done = finishers.get(item);
    if (!done) throw new Error(`${item} is not running`);
    finishers.delete(item);
    done();
  };
  /** The item's check has its result: only its recording is left. */
  const leaveTeam = (item: string) => leavers.get(item)!();
  return { queue, started, finish, leaveTeam, running: () => [...finishers.keys()] };
}

describe('FairQueue', () => {
  it('runs at most teamLimit items of one team at once, while other teams proceed', () => {
    const { queue, started, running } = harness(10, 3);
    for (let i = 0; i < 8; i++) queue.push('a', `a${i}`);
    expect(running()).toEqual(['a0', 'a1', 'a2']);
    expect(queue.waitingOf('a')).toBe(5);
    expect(queue.runningOf('a')).toBe(3);
    // Another team's items start at once, though team a has five waiting.
    queue.push('b', 'b0');
    queue.push('b', 'b1');
    expect(started.slice(3)).toEqual(['b0', 'b1']);
    expect(queue.running).toBe(5);
    expect(queue.waiting).toBe(5);
  });

  it("starts a team's waiting items in the order they came as its slots free", () => {
    const { queue, started, finish } = harness(10, 2);
    for (let i = 0; i < 5; i++) queue.push('a', `a${i}`);
    finish('a1');
    expect(started).toEqual(['a0', 'a1', 'a2']);
    finish('a0');
    finish('a2');
    expect(started).toEqual(['a0', 'a1', 'a2', 'a3', 'a4']);
  });

  it('never runs more than the overall limit, and teams take turns for the free slots', () => {
    const { queue, started, finish, running } = harness(4, 3);
    for (let i = 0; i < 6; i++) queue.push('a', `a${i}`);
    for (let i = 0; i < 6; i++) queue.push('b', `b${i}`);
    expect(running()).toEqual(['a0', 'a1', 'a2', 'b0']);
    finish('a0');
    // The freed slot goes to b (a had its turn), b1 starts: b's items are not held behind a's.
    expect(running()).toEqual(['a1', 'a2', 'b0', 'b1']);
    finish('b0');
    finish('b1');
    expect(started.slice(-2).sort()).toEqual(['a3', 'b2']);
    expect(queue.running).toBe(4);
  });

  it('a team filling its slots with items that never finish does not delay other teams', () => {
    const { queue, started, finish } = harness(8, 4);
    // Team a: 100 items that never finish (a target that never answers).
    for (let i = 0; i < 100; i++) queue.push('a', `a${i}`);
    for (let round = 0; round < 50; round++) {
      queue.push('b', `b${round}`);
      expect(started.at(-1)).toBe(`b${round}`);
      finish(`b${round}`);
    }
    expect(queue.runningOf('a')).toBe(4);
    expect(queue.waitingOf('a')).toBe(96);
  });

  it("frees a team's slot once an item leaves the team's part, keeping its slot of the overall limit until done", () => {
    const { queue, started, finish, leaveTeam, running } = harness(4, 2);
    for (let i = 0; i < 6; i++) queue.push('a', `a${i}`);
    expect(running()).toEqual(['a0', 'a1']);
    // a0 has its result and is being recorded: a2 starts though a0 is not done.
    leaveTeam('a0');
    expect(running()).toEqual(['a0', 'a1', 'a2']);
    expect(queue.runningOf('a')).toBe(2);
    // Leaving twice, or finishing after leaving, frees the team's slot once.
    leaveTeam('a0');
    expect(running()).toEqual(['a0', 'a1', 'a2']);
    leaveTeam('a1');
    expect(running()).toEqual(['a0', 'a1', 'a2', 'a3']);
    // Four items hold the overall limit: a team slot is free (a0 and a1 left) but nothing more starts.
    leaveTeam('a2');
    expect(queue.running).toBe(4);
    expect(started).toHaveLength(4);
    finish('a0');
    expect(running()).toEqual(['a1', 'a2', 'a3', 'a4']);
    expect(queue.runningOf('a')).toBe(2);
    finish('a1');
    finish('a2');
    finish('a3');
    finish('a4');
    expect(started).toEqual(['a0', 'a1', 'a2', 'a3', 'a4', 'a5']);
    finish('a5');
    expect(queue.running).toBe(0);
    expect(queue.runningOf('a')).toBe(0);
  });

  it('starts nothing before its limits are set, and hands back what waits when stopped', () => {
    const started: string[] = [];
    const queue = new FairQueue<string>((item) => started.push(item));
    queue.push('a', 'a0');
    queue.push('b', 'b0');
    queue.push('a', 'a1');
    expect(started).toEqual([]);
    queue.setLimits(2, 1);
    expect(started).toEqual(['a0', 'b0']);
    expect(queue.stop()).toEqual(['a1']);
    expect(queue.waiting).toBe(0);
  });

  it('forgets idle teams', () => {
    const { queue, finish } = harness(4, 2);
    for (let i = 0; i < 1000; i++) {
      queue.push(`team-${i}`, `x${i}`);
      finish(`x${i}`);
    }
    expect((queue as unknown as { lines: Map<string, unknown> }).lines.size).toBe(0);
  });
});
