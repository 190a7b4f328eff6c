import { execFile } from 'node:child_process';
import { isIP } from 'node:net';

/*
 * The system's `ping` (iputils), run with a fixed argument list. Node has no ICMP socket, and an
 * unprivileged ICMP datagram socket is refused where `net.ipv4.ping_group_range` excludes the
 * process's group (the default of most distributions); iputils' `ping` carries the one capability
 * it needs (cap_net_raw) itself, so Lookout runs without it. What it is given is never the user's
 * text: only an IP address this process resolved and judged, after `--`, and numbers it computed.
 */

/** What one run of the program counted (round trips in milliseconds, as it printed them). */
export interface PingCount {
  sent: number;
  received: number;
  rtt: { min: number; avg: number; max: number } | null;
}

export type PingProgramResult = { ok: true; count: PingCount } | { ok: false; reason: string };

/** Bytes of output read at most: `-q` prints four short lines. */
const MAX_OUTPUT = 16 * 1024;
/** The longest pause between two echo requests; iputils lets an unprivileged user go down to 2 ms. */
const MAX_INTERVAL_MS = 200;
const MIN_INTERVAL_MS = 2;

/** The program's arguments: `packets` requests to `address` spread over at most half the time, then the rest to wait for replies. */
export function pingArguments(address: string, family: 4 | 6, packets: number, timeoutMs: number): string[] {
  if (isIP(address) !== family) throw new Error('ping takes a resolved address of its family only');
  const interval = Math.max(MIN_INTERVAL_MS, Math.min(MAX_INTERVAL_MS, Math.floor(timeoutMs / 2 / packets)));
  const wait = Math.max(1, timeoutMs - (packets - 1) * interval);
  return ['-n', '-q', `-${family}`, '-c', String(packets), '-i', (interval / 1000).toFixed(3), '-W', (wait / 1000).toFixed(3), '--', address];
}

/** Reads the summary `-q` prints: "3 packets transmitted, 2 received, …" and "rtt min/avg/max/mdev = a/b/c/d ms". */
export function parsePingOutput(output: string): PingCount | null {
  const counts = /^(\d{1,6}) packets transmitted, (\d{1,6}) (?:packets )?received/m.exec(output);
  if (!counts) return null;
  const sent = Number(counts[1]);
  const received = Math.min(Number(counts[2]), sent);
  const times = /^(?:rtt|round-trip) min\/avg\/max(?:\/[a-z]+)? = ([\d.]+)\/([\d.]+)\/([\d.]+)/m.exec(output);
  const rtt = received > 0 && times ? { min: Number(times[1]), avg: Number(times[2]), max: Number(times[3]) } : null;
  return { sent, received, rtt: rtt && [rtt.min, rtt.avg, rtt.max].every(Number.isFinite) ? rtt : null };
}

/**
 * Runs `ping` and reads its summary. `killAfterMs` bounds the child whatever it does; a child that
 * cannot start, or ends without a summary, answers why in one line.
 */
export function runPingProgram(args: readonly string[], killAfterMs: number, signal?: AbortSignal): Promise<PingProgramResult> {
  return new Promise((resolve) => {
    execFile(
      'ping',
      args,
      {
        encoding: 'utf8',
        timeout: killAfterMs,
        killSignal: 'SIGKILL',
        maxBuffer: MAX_OUTPUT,
        windowsHide: true,
        // The C locale, so the summary reads the same everywhere; nothing else of ours is passed on.
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C' },
        ...(signal && { signal }),
      },
      (error, stdout, stderr) => {
        const count = parsePingOutput(stdout);
        if (count) {
          resolve({ ok: true, count });
          return;
        }
        const code = (error as NodeJS.ErrnoException | null)?.code;
        if (code === 'ENOENT') resolve({ ok: false, reason: 'the ping program is not installed (iputils-ping)' });
        else if ((error as { killed?: boolean } | null)?.killed) resolve({ ok: false, reason: 'ping did not end in time' });
        else resolve({ ok: false, reason: firstLine(stderr) || firstLine(stdout) || 'ping ended without a summary' });
      },
    );
  });
}

function firstLine(text: string): string {
  return (
    (text.split('\n').find((line) => line.trim() !== '') ?? '')
      // eslint-disable-next-line no-control-regex -- control characters are dropped from what a run shows
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .trim()
      .slice(0, 200)
  );
}
