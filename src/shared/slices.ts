/**
 * Long synchronous loops cut into slices: `await slices.turn()` between items gives timers, I/O
 * and other requests their turn once the current slice has held the event loop for `sliceMs`,
 * and costs nothing (no await of a new task) before that. For loops whose items each cost little
 * but whose number a user decides (maintenance windows read on every sweep or status page).
 */
export class Slices {
  private began = performance.now();

  constructor(private readonly sliceMs = 10) {}

  async turn(): Promise<void> {
    if (performance.now() - this.began < this.sliceMs) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.began = performance.now();
  }
}
