import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RateLimiter } from '../../src/domain/ports/coordination.js';
import { Problem } from '../../src/domain/problem.js';
import { SIGN_IN_FAILURES_PER_ACCOUNT, SIGN_IN_FAILURES_PER_ADDRESS, SIGN_IN_WINDOW_SECONDS, SessionService } from '../../src/domain/sessions.js';
import { startServer, type TestServer } from '../helpers/server.js';

/**
 * The per-account sign-in window is keyed by whatever address the client typed. The soak's fuzz
 * (bench/soak.ts) showed one window opened per made-up address even once the client's own address
 * was over its limit: a flood from one client kept a window (and, in memory, a timer) per request
 * for 15 minutes. The limiters here are the server's real ones (in memory, or Redis in cluster
 * mode); the account one only notes which keys it is asked to spend from.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

/** The limiter as it is, noting each key a window is opened or spent for. */
function noting(limiter: RateLimiter, keys: Set<string>): RateLimiter {
  return new Proxy(limiter, {
    get(target, property) {
      if (property === 'consume') {
        return (key: string, points?: number) => {
          keys.add(key);
          return target.consume(key, points);
        };
      }
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

describe('failed sign-ins from an address over its limit', () => {
  it('open no per-account window, however many addresses they name', async () => {
    const { coordination, store } = server.app;
    // Names of their own, so that these windows start empty whatever else the server counted.
    const run = `${Date.now()}`;
    const accountKeys = new Set<string>();
    const perAccount = coordination.rateLimiter({ name: `test-account-${run}`, points: SIGN_IN_FAILURES_PER_ACCOUNT, durationSeconds: SIGN_IN_WINDOW_SECONDS });
    const perAddress = coordination.rateLimiter({ name: `test-address-${run}`, points: SIGN_IN_FAILURES_PER_ADDRESS, durationSeconds: SIGN_IN_WINDOW_SECONDS });
    const sessions = new SessionService(store.db, noting(perAccount, accountKeys), perAddress);
    const client = { ip: '203.0.113.7' };
    const attempt = async (i: number) => {
      try {
        await sessions.signIn({ email: `made-up-${i}@example.test`, password: 'guess' }, client);
        return 'signed in';
      } catch (error) {
        return error instanceof Problem ? error.code : String(error);
      }
    };
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ADDRESS; i++) expect(await attempt(i)).toBe('unauthorized');
    expect(accountKeys.size).toBe(SIGN_IN_FAILURES_PER_ADDRESS);
    for (let i = SIGN_IN_FAILURES_PER_ADDRESS; i < SIGN_IN_FAILURES_PER_ADDRESS + 200; i++) expect(await attempt(i)).toBe('rate-limited');
    expect(accountKeys.size).toBe(SIGN_IN_FAILURES_PER_ADDRESS);
  });
});
