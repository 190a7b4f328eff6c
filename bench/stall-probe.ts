/**
 * For bench/checks.ts: how long the machine itself stops a process now and then. A timer due every
 * 5 ms in an otherwise idle process on the server's CPU; every second it prints the longest delay
 * of the past second (ms) as `{"at": epoch ms, "maxMs": n}`. When this idle process is held up for
 * a second, so is the server beside it, whatever the server does: such stalls come from the
 * neighbours (other processes, other virtual machines on the host), not from Lookout.
 */
const EVERY_MS = 5;
let expected = performance.now() + EVERY_MS;
let max = 0;
setInterval(() => {
  const now = performance.now();
  max = Math.max(max, now - expected);
  expected = now + EVERY_MS;
}, EVERY_MS);
setInterval(() => {
  process.stdout.write(`${JSON.stringify({ at: Date.now(), maxMs: Math.round(max) })}\n`);
  max = 0;
}, 1000);
process.on('SIGTERM', () => process.exit(0));
