import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { jsonShapeProblem } from '../../shared/json-shape.js';

/*
 * One GET of a JSON document from a registry (or from IANA's bootstrap file), treated as hostile:
 * a whole-request timeout, at most `maxBytes` read, and a shape judged before JSON.parse runs (a
 * few hundred KiB of `[[[…` holds the event loop for a second in V8's parser). Never throws: a
 * failure is a sentence saying what went wrong.
 */

export type FetchedJson = { ok: true; status: number; json: unknown } | { ok: false; status: number | null; reason: string };

export interface FetchJsonOptions {
  timeoutMs: number;
  maxBytes: number;
  userAgent: string;
  /** Resolves the server's name (the target policy's lookup for registries); the system's when absent. */
  lookup?: LookupFunction;
}

/** An RDAP answer nests a handful of levels, and a registrar's holds a few thousand members. */
const RDAP_SHAPE = { depth: 32, nodes: 50_000 };

export function fetchJson(url: string, options: FetchJsonOptions): Promise<FetchedJson> {
  return new Promise((resolve) => {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      resolve({ ok: false, status: null, reason: `${url} is not a URL` });
      return;
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      resolve({ ok: false, status: null, reason: `${parsed.protocol} is not http or https` });
      return;
    }
    let ended = false;
    const end = (result: FetchedJson) => {
      if (ended) return;
      ended = true;
      clearTimeout(timer);
      request.destroy();
      resolve(result);
    };
    const client = parsed.protocol === 'https:' ? https : http;
    const request = client.request(parsed, {
      method: 'GET',
      headers: { accept: 'application/rdap+json, application/json', 'accept-encoding': 'identity', 'user-agent': options.userAgent },
      ...(options.lookup && { lookup: options.lookup }),
      agent: false,
    });
    const timer = setTimeout(() => end({ ok: false, status: null, reason: `no answer within ${options.timeoutMs} ms` }), options.timeoutMs);
    request.on('error', (err) => end({ ok: false, status: null, reason: err.message || 'the request failed' }));
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      if (status < 200 || status > 299) {
        response.resume();
        end({ ok: false, status, reason: `the server answered ${status}` });
        return;
      }
      const length = Number(response.headers['content-length']);
      if (Number.isFinite(length) && length > options.maxBytes) {
        end({ ok: false, status, reason: `the answer is larger than ${options.maxBytes} bytes` });
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) end({ ok: false, status, reason: `the answer is larger than ${options.maxBytes} bytes` });
        else chunks.push(chunk);
      });
      response.on('error', (err) => end({ ok: false, status, reason: err.message || 'the answer was cut short' }));
      response.on('end', () => {
        if (ended) return;
        const text = Buffer.concat(chunks).toString('utf8');
        const shape = jsonShapeProblem(text, RDAP_SHAPE);
        if (shape !== null) {
          end({ ok: false, status, reason: `the answer is not JSON Lookout reads (${shape})` });
          return;
        }
        try {
          end({ ok: true, status, json: JSON.parse(text) as unknown });
        } catch {
          end({ ok: false, status, reason: 'the answer is not JSON' });
        }
      });
    });
    request.end();
  });
}
