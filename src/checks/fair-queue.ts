/** The waiting and running items of one team. */
interface TeamLine<T> {
  team: string;
  items: T[];
  head: number;
  /** Items started that hold a team slot (started, and neither done nor out of the team's part). */
  running: number;
  /** Whether the line is in the ready ring (it has an item waiting and a free team slot). */
  ready: boolean;
}

/**
 * Starts items at most `limit` at a time, and at most `teamLimit` of one team at a time, so that
 * one team's slow work (checks against a target that never answers) cannot take every slot: the
 * rest of that team's items wait in the team's own line while other teams' items start. Items of
 * one team start in the order they came (FIFO); teams with something to start take turns.
 *
 * `start` receives each item with a `done` to call once it has finished; until then it holds its
 * slot of `limit`. It also receives `leaveTeam`, to call once the part a team's slowness can
 * stretch is over (a check has its result and only its recording is left): the team's slot is
 * free from then, and the team's next item may start. `done` frees it too, if it was not freed.
 */
export class FairQueue<T> {
  private readonly lines = new Map<string, TeamLine<T>>();
  /** Lines that may start an item now, in turn order. */
  private ready: TeamLine<T>[] = [];
  private readyHead = 0;
  private runningCount = 0;
  private waitingCount = 0;
  private stopped = false;

  constructor(
    private readonly start: (item: T, done: () => void, leaveTeam: () => void) => void,
    private limit = 0,
    private teamLimit = 1,
  ) {}

  /** Items started and not yet done. */
  get running(): number {
    return this.runningCount;
  }

  /** Items waiting to start. */
  get waiting(): number {
    return this.waitingCount;
  }

  /** Items of one team waiting to start. */
  waitingOf(team: string): number {
    const line = this.lines.get(team);
    return line ? line.items.length - line.head : 0;
  }

  /** Items of one team that hold its slots: started, and neither done nor past `leaveTeam`. */
  runningOf(team: string): number {
    return this.lines.get(team)?.running ?? 0;
  }

  /** Sets both limits (a limit of 0 starts nothing) and starts what they now allow. */
  setLimits(limit: number, teamLimit: number): void {
    this.limit = limit;
    this.teamLimit = teamLimit;
    for (const line of this.lines.values()) this.markReady(line);
    this.pump();
  }

  push(team: string, item: T): void {
    let line = this.lines.get(team);
    if (!line) {
      line = { team, items: [], head: 0, running: 0, ready: false };
      this.lines.set(team, line);
    }
    line.items.push(item);
    this.waitingCount++;
    this.markReady(line);
    this.pump();
  }

  /** Starts nothing more (what runs finishes), and hands back the items that were waiting. */
  stop(): T[] {
    this.stopped = true;
    const waiting: T[] = [];
    for (const line of this.lines.values()) {
      waiting.push(...line.items.slice(line.head));
      line.items = [];
      line.head = 0;
    }
    this.waitingCount = 0;
    return waiting;
  }

  private markReady(line: TeamLine<T>): void {
    if (!line.ready && line.running < this.teamLimit && line.head < line.items.length) {
      line.ready = true;
      this.ready.push(line);
    }
  }

  private pump(): void {
    while (!this.stopped && this.runningCount < this.limit && this.readyHead < this.ready.length) {
      const line = this.ready[this.readyHead++]!;
      if (this.readyHead > 1024 && this.readyHead * 2 > this.ready.length) {
        this.ready = this.ready.slice(this.readyHead);
        this.readyHead = 0;
      }
      line.ready = false;
      // A lowered team limit may leave a line in the ring that may not start now.
      if (line.running >= this.teamLimit || line.head >= line.items.length) continue;
      const item = line.items[line.head]!;
      line.items[line.head++] = undefined as T; // let the item be collected once done
      if (line.head > 1024 && line.head * 2 > line.items.length) {
        line.items = line.items.slice(line.head);
        line.head = 0;
      }
      line.running++;
      this.runningCount++;
      this.waitingCount--;
      // Its next item, if any, takes its turn after the other teams'.
      this.markReady(line);
      let inTeam = true;
      const leaveTeam = () => {
        if (!inTeam) return;
        inTeam = false;
        this.leaveTeam(line);
        this.pump();
      };
      this.start(
        item,
        () => {
          this.runningCount--;
          if (inTeam) {
            inTeam = false;
            this.leaveTeam(line);
          }
          this.pump();
        },
        leaveTeam,
      );
    }
  }

  private leaveTeam(line: TeamLine<T>): void {
    line.running--;
    if (line.running === 0 && line.head >= line.items.length) {
      // An idle team leaves no trace: teams come and go without the map growing.
      if (this.lines.get(line.team) === line) this.lines.delete(line.team);
      line.items = [];
      line.head = 0;
    } else this.markReady(line);
  }
}
