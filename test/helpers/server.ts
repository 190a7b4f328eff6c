import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { createApp, type App, type AppOptions } from '../../src/app.js';
import type { CliIo } from '../../src/cli/io.js';
import { runProgram } from '../../src/cli/program.js';
import { loadConfig } from '../../src/config.js';
import type { Role } from '../../src/shared/vocabulary.js';
import type { DispatcherOptions } from '../../src/notify/dispatcher.js';
import { TEST_STORE, provisionStore, storedBytes, type TestStore } from './cluster.js';
import { OpenApiAnswers } from './openapi-answers.js';

export const PUBLIC_URL = 'http://lookout.test';

export interface Member {
  teamId: string;
  userId: string;
  email: string;
  token: string;
  tokenId: string;
}

export interface Answer<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface TestServer {
  app: App;
  baseUrl: string;
  dataDir: string;
  env: Record<string, string>;
  /** `postgres` when the suite runs in cluster mode (LOOKOUT_TEST_STORE=postgres: PostgreSQL + Redis). */
  store: TestStore;
  /** Everything the store holds at rest, to search for what must never be stored in plain text. */
  storedBytes(): Promise<Buffer>;
  /** Everything the server logged so far. */
  logs(): string;
  /** A new team with one member of the given role, holding a fresh token. */
  newTeam(role?: Role): Promise<Member>;
  /** Another member (with a token) in an existing team. */
  addMember(teamId: string, role: Role): Promise<Member>;
  request<T = any>(method: string, path: string, options?: { token?: string; body?: unknown; headers?: Record<string, string> }): Promise<Answer<T>>;
  /** GET that must answer 200: a test polling too fast (429) or reading the wrong id fails here, by name. */
  read<T = any>(path: string, token: string): Promise<T>;
  close(): Promise<void>;
}

let counter = 0;

export interface StartOptions {
  /** Alert delivery timing (backoff base, retry window, polling), shortened for tests. */
  alerting?: Partial<DispatcherOptions>;
  /** Check engine settings: trusted test CAs, a short confirming-retry pause. */
  checks?: AppOptions['checks'];
  /** Live stream limits, lowered to reach them without opening a thousand streams. */
  live?: AppOptions['live'];
  /** The clock the server's rules read (test/helpers/clock.ts ManualClock); the system clock when absent. */
  clock?: AppOptions['clock'];
  /** The token budget with a shorter window (and count), to cross its edge in seconds. */
  requestBudget?: AppOptions['requestBudget'];
  /** Remote probes: a shorter lease margin, to see a lease run out in seconds. */
  probes?: AppOptions['probes'];
}

/**
 * Starts the real server on a random port over a fresh SQLite file on disk. To restart over the
 * same data, close only `app` and pass `DATABASE_URL` of the first server to a new one.
 */
let answers: Promise<OpenApiAnswers> | undefined;

/** The checker of answers, from the document a test server publishes (the same for every server). */
function openApiAnswers(baseUrl: string): Promise<OpenApiAnswers> {
  answers ??= fetch(`${baseUrl}/api/v1/openapi.json`).then(async (response) => new OpenApiAnswers((await response.json()) as Record<string, unknown>));
  return answers;
}

export async function startServer(env: Record<string, string> = {}, options: StartOptions = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lookout-test-'));
  // LOOKOUT_TEST_STORE=postgres: a database and a Redis database of its own (test/helpers/cluster.ts).
  const provisioned = await provisionStore(env);
  const fullEnv: Record<string, string> = {
    PORT: '0',
    HOST: '127.0.0.1',
    PUBLIC_URL,
    DATABASE_URL: `file:${join(dataDir, 'lookout.db')}`,
    LOOKOUT_BOOTSTRAP: 'false',
    LOOKOUT_REGIONS: 'none',
    // Checks on the test's own event loop unless a test asks for check threads (test/engine/check-threads.test.ts).
    LOOKOUT_CHECK_THREADS: '1',
    LOG_LEVEL: 'info',
    ...provisioned.env,
    ...env,
  };
  let logText = '';
  const logDestination = new Writable({
    write(chunk, _encoding, done) {
      logText += chunk.toString();
      done();
    },
  });
  let app: App;
  try {
    app = await createApp({
      config: loadConfig(fullEnv),
      logDestination,
      alerting: options.alerting,
      checks: options.checks,
      live: options.live,
      clock: options.clock,
      requestBudget: options.requestBudget,
      probes: options.probes,
    });
  } catch (error) {
    await provisioned.releaseCoordination();
    await provisioned.dropDatabase();
    throw error;
  }
  // Closing the app (to start another server on the same database) and then the test server is
  // one close: the app closes once, and the database goes with the test server.
  const closeApp = app.close.bind(app);
  let appClosed = false;
  app.close = async () => {
    if (appClosed) return;
    appClosed = true;
    await closeApp();
    await provisioned.releaseCoordination();
  };
  const address = await app.listen();
  const baseUrl = address.replace('[::1]', '127.0.0.1');

  const addMember = async (teamId: string, role: Role): Promise<Member> => {
    const email = `user${++counter}-${process.pid}@example.test`;
    const user = await app.services.users.create({ email });
    await app.services.teams.addMember(teamId, user.id, role);
    const token = await app.services.tokens.create({ teamId, userId: user.id });
    return { teamId, userId: user.id, email, token: token.token, tokenId: token.id };
  };

  return {
    app,
    baseUrl,
    dataDir,
    env: fullEnv,
    store: TEST_STORE,
    storedBytes: () => storedBytes(app.store, dataDir),
    logs: () => logText,
    addMember,
    async newTeam(role: Role = 'Owner') {
      const team = await app.services.teams.create({ name: `Team ${++counter}` });
      return addMember(team.id, role);
    },
    async request(method, path, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      let body: string | undefined;
      if (options.body !== undefined) {
        body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
        headers['content-type'] ??= 'application/json';
      }
      const response = await fetch(baseUrl + path, { method, headers, body });
      const text = await response.text();
      const type = response.headers.get('content-type') ?? '';
      const answer = { status: response.status, headers: response.headers, text, body: type.includes('json') && text ? JSON.parse(text) : text };
      // Every error answer anywhere in the suite must be a complete RFC 7807 problem, and every
      // answer of an operation what the OpenAPI document says it answers.
      if (answer.status >= 400) assertProblemShape(answer, path.split('?')[0]!);
      (await openApiAnswers(baseUrl)).check(method, path, answer.status, type, answer.body);
      if (!answer.headers.get('x-request-id')) throw new Error(`${method} ${path} answered without X-Request-Id`);
      return answer;
    },
    async read(path, token) {
      const answer = await (this as TestServer).request('GET', path, { token });
      if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}: ${answer.text}`);
      return answer.body;
    },
    async close() {
      await app.close();
      await provisioned.dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  json: any;
}

/**
 * Runs the `lookout` program in this process, on buffers instead of the process's streams, with
 * this environment laid over the process's. The built program as its own process is exercised
 * by test/platform/cli.test.ts (`lookoutCommand`), `lookout serve` tests and the cluster tests.
 */
export async function runCli(args: string[], env: Record<string, string>, stdin?: string): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    env: { ...process.env, ...env },
    out: (text) => (stdout += text),
    err: (text) => (stderr += text),
    stdin: () => Promise.resolve(stdin ?? ''),
  };
  const code = await runProgram(['node', 'lookout', ...args], io);
  let json: any = null;
  try {
    json = JSON.parse(stdout);
  } catch {
    // not JSON: json stays null
  }
  return { code, stdout, stderr, json };
}

function assertProblemShape(answer: Answer, path: string): void {
  const p = answer.body;
  const code = typeof p?.type === 'string' ? p.type.slice(`${PUBLIC_URL}/errors/`.length) : '';
  if (
    !answer.headers.get('content-type')?.startsWith('application/problem+json') ||
    !p.type.startsWith(`${PUBLIC_URL}/errors/`) ||
    !/^[a-z-]+$/.test(code) ||
    typeof p.title !== 'string' ||
    p.status !== answer.status ||
    typeof p.detail !== 'string' ||
    p.instance !== path
  ) {
    throw new Error(`error answer for ${path} is not a complete problem: ${answer.status} ${answer.text}`);
  }
}

/** Asserts the RFC 7807 shape every error answer must have. */
export function expectProblem(answer: Answer, status: number, code: string, path: string): void {
  const problem = answer.body;
  const ok =
    answer.status === status &&
    answer.headers.get('content-type')?.startsWith('application/problem+json') &&
    problem?.type === `${PUBLIC_URL}/errors/${code}` &&
    typeof problem.title === 'string' &&
    problem.status === status &&
    typeof problem.detail === 'string' &&
    problem.instance === path;
  if (!ok) {
    throw new Error(`expected a ${status} ${code} problem for ${path}, got ${answer.status}: ${answer.text}`);
  }
}
