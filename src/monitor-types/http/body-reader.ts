import type { IncomingMessage } from 'node:http';
import { TextDecoder } from 'node:util';
import zlib from 'node:zlib';
import type { BodyText } from '../../domain/assertions/evaluate.js';

/*
 * Reading an answer's body for assertions: at most `limit` bytes after Content-Encoding is undone
 * (gzip, deflate, br, also stacked), decoded as text. Everything the target sends is hostile:
 * - decompression streams as the bytes arrive and stops at the limit, so a small "bomb" (gigabytes
 *   of zeros in a few kilobytes) never makes more than the limit and one chunk;
 * - at most `rawLimit` bytes are read off the wire, so an endless stream that decodes to little
 *   or nothing stops too (a slow one is stopped by the check's timeout);
 * - a body that is not valid in its charset becomes text with replacement characters; a coding
 *   Lookout does not decode, or a corrupt stream, is a body that could not be read, never an
 *   exception.
 */

export interface BodyLimits {
  /** Bytes of decoded body kept; past them the body counts as truncated. */
  limit: number;
  /** Bytes read off the wire at most, whatever they decode to. */
  rawLimit: number;
}

/** One step of decoding: takes bytes, hands on what they decode to. */
interface Stage {
  write: (chunk: Buffer) => void;
  end: () => void;
  destroy: () => void;
}

interface Sink {
  write: (chunk: Buffer) => void;
  end: () => void;
  fail: (reason: string) => void;
}

// A stream cut short (the read stopped, or the server ended it early) decodes as far as it goes.
const ZLIB_OPTIONS: zlib.ZlibOptions = { finishFlush: zlib.constants.Z_SYNC_FLUSH };
const BROTLI_OPTIONS: zlib.BrotliOptions = { finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH };
/** More codings than this on one body is no real server's answer. */
const MAX_CODINGS = 4;

/**
 * Compressed bodies up to this many bytes on the wire are gathered and decoded in one synchronous
 * call once complete: for the small answers most targets send, a decompression stream (its setup and
 * its round trips through the thread pool) costs more than the decoding itself. Past it, the body streams through
 * the decoders as it arrives, so that memory stays bounded whatever the target sends.
 */
const WHOLE_DECODE_BYTES = 64 * 1024;

/**
 * Reads the body of `response`, calling `done` once with the text or the reason it could not be
 * read. Returns a function that stops reading (the check ended first, by its timeout).
 */
export function readBody(response: IncomingMessage, limits: BodyLimits, done: (body: BodyText) => void): () => void {
  const chunks: Buffer[] = [];
  let kept = 0;
  let finished = false;
  const stages: Stage[] = [];
  const stop = () => {
    for (const stage of stages) stage.destroy();
  };
  const settle = (body: BodyText) => {
    if (finished) return;
    finished = true;
    stop();
    response.removeListener('data', onData);
    done(body);
  };
  const collect: Sink = {
    write(chunk) {
      if (finished) return;
      const room = limits.limit - kept;
      chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
      kept += Math.min(chunk.length, room);
      if (chunk.length > room) settle({ text: textOf(chunks, kept, response), truncated: true });
    },
    end() {
      settle({ text: textOf(chunks, kept, response), truncated: false });
    },
    fail(reason) {
      settle({ error: reason });
    },
  };

  const codings = contentCodings(response.headers['content-encoding']);
  const unknown = codings.find((coding) => !(coding in DECODERS));
  const refusal =
    unknown !== undefined
      ? `it has a Content-Encoding Lookout does not decode (${unknown})`
      : codings.length > MAX_CODINGS
        ? `it has more than ${MAX_CODINGS} Content-Encodings`
        : null;
  if (refusal !== null) {
    done({ error: refusal });
    return () => {};
  }

  /** The decoding pipeline, built when the body turns out too large to decode whole. */
  const streaming = (): Sink => {
    let first: Sink = collect;
    // Codings are listed in the order they were applied: undone last first.
    for (const coding of codings) {
      const stage = DECODERS[coding as keyof typeof DECODERS](first, coding);
      stages.push(stage);
      first = {
        write: (chunk) => {
          stage.write(chunk);
        },
        end: () => {
          stage.end();
        },
        fail: collect.fail,
      };
    }
    return first;
  };

  // A compressed body is gathered first (see WHOLE_DECODE_BYTES); a plain one goes straight to the text.
  let gathered: Buffer[] | null = codings.length > 0 ? [] : null;
  let first: Sink = gathered === null ? collect : { write: () => {}, end: () => {}, fail: collect.fail };
  const stream = (): void => {
    const held = gathered!;
    gathered = null;
    first = streaming();
    for (const chunk of held) first.write(chunk);
  };

  let raw = 0;
  function onData(chunk: Buffer): void {
    raw += chunk.length;
    if (gathered !== null) {
      gathered.push(chunk);
      if (raw > WHOLE_DECODE_BYTES) stream();
    } else first.write(chunk);
    // Compressed data that goes on after the limit decodes to nothing shown: the read ends there.
    if (raw >= limits.rawLimit && !finished) settle({ text: textOf(chunks, kept, response), truncated: true });
  }
  response.on('data', onData);
  response.once('end', () => {
    if (gathered !== null) {
      const whole = decodeWhole(Buffer.concat(gathered, raw), codings, limits.limit);
      if (typeof whole === 'string') {
        collect.fail(whole);
        return;
      }
      if (whole !== null) {
        collect.write(whole);
        collect.end();
        return;
      }
      // It decodes to more than the limit: the stream keeps the part that fits.
      stream();
    }
    first.end();
  });
  return stop;
}

/**
 * Undoes the codings of a complete body in one go: the bytes, or why they are corrupt, or null
 * when some stage would exceed `limit` (the caller then streams, which keeps what fits).
 */
function decodeWhole(body: Buffer, codings: readonly string[], limit: number): Buffer | string | null {
  let bytes = body;
  for (let i = codings.length - 1; i >= 0; i--) {
    const coding = codings[i]!;
    // Empty is empty in every coding (a HEAD-like answer with a Content-Encoding).
    if (bytes.length === 0) return bytes;
    try {
      bytes = WHOLE_DECODERS[coding as keyof typeof WHOLE_DECODERS](bytes, limit);
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') return null;
      return `its ${coding} encoding is corrupt (${(error as Error).message})`;
    }
  }
  return bytes;
}

const WHOLE_DECODERS = {
  gzip: (bytes: Buffer, limit: number) => zlib.gunzipSync(bytes, { ...ZLIB_OPTIONS, maxOutputLength: limit }),
  'x-gzip': (bytes: Buffer, limit: number) => zlib.gunzipSync(bytes, { ...ZLIB_OPTIONS, maxOutputLength: limit }),
  br: (bytes: Buffer, limit: number) => zlib.brotliDecompressSync(bytes, { ...BROTLI_OPTIONS, maxOutputLength: limit }),
  deflate: (bytes: Buffer, limit: number) =>
    hasZlibHeader(bytes)
      ? zlib.inflateSync(bytes, { ...ZLIB_OPTIONS, maxOutputLength: limit })
      : zlib.inflateRawSync(bytes, { ...ZLIB_OPTIONS, maxOutputLength: limit }),
};

/** The codings of a Content-Encoding header, lower case, `identity` left out. */
function contentCodings(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');
}

const DECODERS = {
  gzip: (next: Sink, coding: string) => zlibStage(zlib.createGunzip(ZLIB_OPTIONS), next, coding),
  'x-gzip': (next: Sink, coding: string) => zlibStage(zlib.createGunzip(ZLIB_OPTIONS), next, coding),
  br: (next: Sink, coding: string) => zlibStage(zlib.createBrotliDecompress(BROTLI_OPTIONS), next, coding),
  deflate: deflateStage,
};

function zlibStage(stream: zlib.Gunzip | zlib.Inflate | zlib.InflateRaw | zlib.BrotliDecompress, next: Sink, coding: string): Stage {
  stream.on('data', (chunk: Buffer) => next.write(chunk));
  stream.once('end', () => next.end());
  stream.once('error', (error) => next.fail(`its ${coding} encoding is corrupt (${error.message})`));
  return {
    write: (chunk) => {
      if (!stream.destroyed) stream.write(chunk);
    },
    end: () => {
      if (!stream.destroyed) stream.end();
    },
    destroy: () => {
      stream.removeAllListeners('data');
      stream.destroy();
    },
  };
}

/**
 * `deflate` should be a zlib stream (RFC 9110), but some servers send raw deflate: the first two
 * bytes tell which, as browsers and curl decide it.
 */
function deflateStage(next: Sink, coding: string): Stage {
  let inner: Stage | undefined;
  let head: Buffer = Buffer.alloc(0);
  let destroyed = false;
  const start = (chunk: Buffer) => {
    inner = zlibStage(hasZlibHeader(chunk) ? zlib.createInflate(ZLIB_OPTIONS) : zlib.createInflateRaw(ZLIB_OPTIONS), next, coding);
    inner.write(chunk);
  };
  return {
    write: (chunk) => {
      if (destroyed) return;
      if (inner) {
        inner.write(chunk);
        return;
      }
      head = Buffer.concat([head, chunk]);
      if (head.length >= 2) start(head);
    },
    end: () => {
      if (destroyed) return;
      if (!inner) {
        if (head.length === 0) {
          next.end();
          return;
        }
        start(head);
      }
      inner!.end();
    },
    destroy: () => {
      destroyed = true;
      inner?.destroy();
    },
  };
}

/** Whether deflate data starts with a zlib header (RFC 1950) rather than being raw deflate. */
function hasZlibHeader(bytes: Buffer): boolean {
  return bytes.length >= 2 && (bytes[0]! & 0x0f) === 8 && ((bytes[0]! << 8) | bytes[1]!) % 31 === 0;
}

/** The kept bytes as text, in the charset the answer names when it is one Node knows; UTF-8 otherwise. */
function textOf(chunks: Buffer[], length: number, response: IncomingMessage): string {
  const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, length);
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(response.headers['content-type'] ?? '')?.[1]?.toLowerCase();
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    try {
      return new TextDecoder(charset).decode(bytes);
    } catch {
      // An unknown charset: read as UTF-8.
    }
  }
  // Buffer's UTF-8 decoding replaces invalid sequences as TextDecoder does, and costs less; a byte
  // order mark is dropped as TextDecoder drops it (JSON.parse would refuse it).
  const bom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  return bytes.toString('utf8', bom ? 3 : 0);
}
