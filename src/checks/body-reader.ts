import type { IncomingMessage } from 'node:http';
import { TextDecoder } from 'node:util';
import zlib from 'node:zlib';
import type { BodyText } from '../domain/assertions/evaluate.js';

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

  let raw = 0;
  function onData(chunk: Buffer): void {
    raw += chunk.length;
    first.write(chunk);
    // Compressed data that goes on after the limit decodes to nothing shown: the read ends there.
    if (raw >= limits.rawLimit && !finished) settle({ text: textOf(chunks, kept, response), truncated: true });
  }
  response.on('data', onData);
  response.once('end', () => {
    first.end();
  });
  return stop;
}

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
    const zlibHeader = chunk.length >= 2 && (chunk[0]! & 0x0f) === 8 && ((chunk[0]! << 8) | chunk[1]!) % 31 === 0;
    inner = zlibStage(zlibHeader ? zlib.createInflate(ZLIB_OPTIONS) : zlib.createInflateRaw(ZLIB_OPTIONS), next, coding);
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

/** The kept bytes as text, in the charset the answer names when it is one Node knows; UTF-8 otherwise. */
function textOf(chunks: Buffer[], length: number, response: IncomingMessage): string {
  const bytes = Buffer.concat(chunks, length);
  return decoderFor(response.headers['content-type']).decode(bytes);
}

function decoderFor(contentType: string | undefined): TextDecoder {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '')?.[1];
  if (charset) {
    try {
      return new TextDecoder(charset);
    } catch {
      // An unknown charset: read as UTF-8.
    }
  }
  return new TextDecoder('utf-8');
}
