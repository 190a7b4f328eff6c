import { hash, randomFillSync } from 'node:crypto';
import { systemClock } from './ports/clock.js';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

let lastMs = 0;
let sequence = 0;

// Random bytes drawn 4 KiB at a time: one call into the system's generator per 256 ids, rather
// than one per id (a heartbeat ping or a check each makes one).
const pool = Buffer.alloc(4096);
let pooled = 0;

function random16(): Buffer {
  if (pooled === 0) {
    randomFillSync(pool);
    pooled = pool.length;
  }
  pooled -= 16;
  return Buffer.from(pool.subarray(pooled, pooled + 16));
}

/**
 * A UUID v7: 48 bits of Unix milliseconds, then a 12-bit sequence, then random bits. Ids made
 * in this process with the same millisecond sort in the order they were made (the sequence starts
 * low and counts up; past ~2,000 ids in one millisecond it stays at its top and the random bits keep
 * them unique). Time-ordered ids keep inserts at the end of B-tree indexes. Records pass the time
 * they are stamped with (read on the injected clock); ids that only need to be unique (request ids,
 * lease tokens) take the system clock.
 *
 * An id is always stamped with the `now` it is given, never with a later time: a process-wide
 * counter that carried a time ahead of the present (a reminder's due time once went into it) would
 * stamp every later id of the process in the future. Nothing is ordered by id across processes:
 * events keep the order they were committed in by their own column (src/domain/events.ts).
 */
export function newId(now: number = systemClock.now()): string {
  const bytes = random16();
  if (now !== lastMs) {
    lastMs = now;
    sequence = bytes.readUInt16BE(6) & 0x07ff; // start low in the 12 bits, leaving room to count up
  } else if (sequence < 0x0fff) {
    sequence++;
  }
  bytes.writeUInt16BE(sequence, 6);
  return formatV7(bytes, now);
}

/**
 * A UUID v7 whose random part is derived from `key`: the same key and time always give the
 * same id, which makes writing the same fact twice (a retried job) a no-op. Every run takes one:
 * the one-shot `hash()` makes no Hash object (a native handle each) as `createHash()` does.
 */
export function idFor(key: string, at: number): string {
  return formatV7(hash('sha256', key, 'buffer').subarray(0, 16), at);
}

function formatV7(bytes: Buffer, now: number): string {
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
