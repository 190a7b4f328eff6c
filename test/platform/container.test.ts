/**
 * The container files (Dockerfile, compose.yaml, deploy/nginx.conf) against what the test suite
 * itself starts: the same `lookout` commands, the same variables, the same health path. No Docker
 * daemon runs here: the files are parsed, and their healthchecks run against a real `lookout serve`.
 * What only a machine with Docker shows: scripts/container-smoke.sh (docs/deploy.md).
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { buildProgram } from '../../src/cli/program.js';
import { CONFIG_VARIABLES, loadConfig } from '../../src/config.js';
import { REGIONS } from '../../src/shared/vocabulary.js';
import { freePort, serve, type ServeProcess } from '../helpers/process.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

// ---------------------------------------------------------------------------------------------
// compose.yaml

interface Service {
  image?: string;
  build?: unknown;
  command?: string[];
  restart?: string;
  environment?: Record<string, string | number | boolean>;
  healthcheck?: { test?: string[]; disable?: boolean };
  depends_on?: Record<string, { condition: string }>;
}
const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> };
const services = compose.services;
const lookoutServices = Object.entries(services).filter(([, s]) => s.build !== undefined);

/** What `docker compose` makes of `${VAR}`, `${VAR:-default}` and `${VAR:?message}` with these variables. */
function interpolate(value: string, vars: Record<string, string>): string {
  return value.replace(/\$\{([A-Z0-9_]+)(?:(:-|:\?)([^}]*))?\}/g, (_all, name: string, operator?: string, rest?: string) => {
    if (vars[name] !== undefined && vars[name] !== '') return vars[name];
    if (operator === ':-') return rest!;
    throw new Error(`${name} is required: ${rest ?? ''}`);
  });
}

const SECRET_KEY = randomBytes(32).toString('base64');
function environmentOf(name: string, vars: Record<string, string> = { LOOKOUT_SECRET_KEY: SECRET_KEY }): Record<string, string> {
  return Object.fromEntries(Object.entries(services[name]!.environment ?? {}).map(([key, value]) => [key, interpolate(String(value), vars)]));
}

/** Runs a healthcheck's `CMD` array as Docker would, `node` being this Node, and answers its exit code. */
function runHealthcheck(test: string[], env: Record<string, string>): Promise<number> {
  expect(test[0]).toBe('CMD');
  const [command, ...args] = test.slice(1);
  expect(command).toBe('node');
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env }, stdio: 'ignore' });
    child.on('exit', (code) => resolve(code ?? -1));
  });
}

describe('compose.yaml', () => {
  it('runs the cluster the suite runs: PostgreSQL, Redis, migrate once, two API nodes behind a proxy, one worker per region', () => {
    const commands = Object.fromEntries(lookoutServices.map(([name, s]) => [name, s.command]));
    expect(commands).toEqual({
      migrate: ['migrate'],
      'api-1': ['serve'],
      'api-2': ['serve'],
      'worker-us-east': ['worker', '--region', 'us-east'],
      'worker-eu-west': ['worker', '--region', 'eu-west'],
      'worker-asia': ['worker', '--region', 'asia'],
    });
    // One worker for each region the product knows, no more.
    expect(lookoutServices.filter(([, s]) => s.command![0] === 'worker').map(([, s]) => s.command![2])).toEqual([...REGIONS]);
    // Each command is one the built CLI has, with options it takes (test/helpers/process.ts starts the same).
    const program = buildProgram({ env: {}, out: () => {}, err: () => {}, stdin: async () => '' });
    for (const [name, s] of lookoutServices) {
      const sub = program.commands.find((c) => c.name() === s.command![0]);
      expect(sub, name).toBeDefined();
      const flags = s.command!.filter((arg) => arg.startsWith('--'));
      for (const flag of flags)
        expect(
          sub!.options.map((o) => o.long),
          `${name} ${flag}`,
        ).toContain(flag);
    }
    expect(services.postgres!.image).toMatch(/^postgres:\d+/);
    expect(services.redis!.image).toMatch(/^redis:\d+/);
    expect(services.redis!.command).toEqual(expect.arrayContaining(['--maxmemory-policy', 'noeviction']));
    expect(services.proxy!.image).toMatch(/^nginx:/);
  });

  it('gives each Lookout service the variables the cluster tests give their processes, and only variables Lookout reads', () => {
    for (const [name, s] of lookoutServices) {
      for (const key of Object.keys(s.environment ?? {})) expect(CONFIG_VARIABLES, `${name}: ${key}`).toContain(key);
      const env = environmentOf(name);
      const config = loadConfig(env);
      // As test/cluster/serve.test.ts starts them: DATABASE_URL (PostgreSQL), REDIS_URL, LOOKOUT_SECRET_KEY.
      expect(new URL(config.databaseUrl).hostname, name).toBe('postgres');
      expect(new URL(config.databaseUrl).protocol).toBe('postgres:');
      expect(new URL(config.redisUrl!).hostname, name).toBe('redis');
      expect(config.secretKey, name).toBe(SECRET_KEY);
      if (s.command![0] === 'serve') {
        // As test/helpers/process.ts serve() does: API nodes check nothing themselves.
        expect(config.regions, name).toEqual([]);
        expect(config.host).toBe('0.0.0.0');
        expect(env.PORT).toBe('3000');
        // One proxy in front (nginx appends the client's address): a client cannot pick its own address.
        expect(config.trustProxy).toBe(1);
      }
    }
    // Only the first API node bootstraps an empty database (docs/deploy.md, "The first start").
    expect(loadConfig(environmentOf('api-1')).bootstrap).toBe(true);
    expect(loadConfig(environmentOf('api-2')).bootstrap).toBe(false);
    // Without the key the file refuses to start rather than start nodes that cannot share secrets.
    expect(() => environmentOf('api-1', {})).toThrow(/LOOKOUT_SECRET_KEY is required/);
    // PostgreSQL's own settings match the URL the nodes use.
    const pg = environmentOf('postgres');
    const url = new URL(loadConfig(environmentOf('api-1')).databaseUrl);
    expect([url.username, decodeURIComponent(url.password), url.pathname.slice(1)]).toEqual([pg.POSTGRES_USER, pg.POSTGRES_PASSWORD, pg.POSTGRES_DB]);
  });

  it('starts in order of health: services wait for what they need to be healthy, or for migrate to have completed', () => {
    const dependsOn = (name: string) => Object.fromEntries(Object.entries(services[name]!.depends_on ?? {}).map(([k, v]) => [k, v.condition]));
    expect(dependsOn('migrate')).toEqual({ postgres: 'service_healthy' });
    expect(dependsOn('api-1')).toEqual({ migrate: 'service_completed_successfully', redis: 'service_healthy' });
    expect(dependsOn('api-2')).toEqual({ 'api-1': 'service_healthy' });
    expect(dependsOn('proxy')).toEqual({ 'api-1': 'service_healthy', 'api-2': 'service_healthy' });
    for (const region of REGIONS) {
      expect(dependsOn(`worker-${region}`)).toEqual({ migrate: 'service_completed_successfully', redis: 'service_healthy', postgres: 'service_healthy' });
    }
    // Every condition names a service of the file; every long-running service has a healthcheck.
    for (const [name, s] of Object.entries(services)) {
      for (const dependency of Object.keys(s.depends_on ?? {})) expect(Object.keys(services), name).toContain(dependency);
      if (name === 'migrate') {
        expect(s.restart).toBe('no');
        continue;
      }
      expect(s.healthcheck?.test?.length, name).toBeGreaterThan(1);
      expect(s.restart, name).toBe('unless-stopped');
    }
  });

  it('proxies to both API nodes on the port they listen on', () => {
    const nginx = read('deploy/nginx.conf');
    const upstream = [...nginx.matchAll(/^\s*server\s+([\w-]+):(\d+)/gm)].map((m) => `${m[1]!}:${m[2]!}`);
    expect(upstream).toEqual(['api-1:3000', 'api-2:3000']);
    expect(services.proxy!.healthcheck!.test).toContain('http://127.0.0.1/healthz');
  });

  it('is valid for docker compose where the compose plugin exists (not on this machine)', () => {
    // `docker compose config` needs no daemon, only the plugin; where it is missing, the parsing above stands alone.
    const version = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' });
    if (version.status !== 0) return;
    const checked = spawnSync('docker', ['compose', '-f', join(ROOT, 'compose.yaml'), 'config', '-q'], {
      encoding: 'utf8',
      env: { ...process.env, LOOKOUT_SECRET_KEY: SECRET_KEY },
    });
    expect(checked.status, checked.stderr).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------
// Dockerfile

interface Stage {
  name: string | null;
  base: string;
  instructions: Array<{ keyword: string; args: string }>;
}

/** The Dockerfile's stages and instructions: continuation lines joined, comments dropped, ARG defaults before the first FROM resolved. */
function parseDockerfile(text: string): { args: Record<string, string>; stages: Stage[] } {
  const lines = text
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
    .join('\n')
    .replace(/\s*\\\n\s*/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const args: Record<string, string> = {};
  const stages: Stage[] = [];
  for (const line of lines) {
    const [, keyword = '', rest = ''] = /^(\S+)\s*(.*)$/.exec(line)!;
    const upper = keyword.toUpperCase();
    if (upper === 'FROM') {
      const [, image = '', name] = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(rest)!;
      stages.push({ name: name ?? null, base: image.replace(/\$\{(\w+)\}/g, (_a, arg: string) => args[arg] ?? ''), instructions: [] });
    } else if (upper === 'ARG' && stages.length === 0) {
      const [name = '', value = ''] = rest.split('=');
      args[name] = value;
    } else {
      stages.at(-1)!.instructions.push({ keyword: upper, args: rest });
    }
  }
  return { args, stages };
}

const dockerfile = read('Dockerfile');
const { stages } = parseDockerfile(dockerfile);
const final = stages.at(-1)!;
const named = (name: string) => stages.find((s) => s.name === name)!;
const all = (stage: Stage, keyword: string) => stage.instructions.filter((i) => i.keyword === keyword).map((i) => i.args);
/** The image a stage starts from, following `FROM <stage>` back to an image. */
const rootImage = (stage: Stage): string => (stages.some((s) => s.name === stage.base) ? rootImage(named(stage.base)) : stage.base);

describe('Dockerfile', () => {
  it('builds in stages on the current Node LTS, slim, and runs the runtime dependencies compiled on the final stage\u2019s own image', () => {
    expect(stages.length).toBeGreaterThanOrEqual(3);
    const base = rootImage(final);
    const major = Number(/^node:(\d+)-/.exec(base)?.[1]);
    expect(base).toMatch(/^node:\d+-[a-z]+-slim$/);
    expect(major).not.toBe(20);
    expect(major).toBeGreaterThanOrEqual(22);
    expect(major % 2, 'an LTS line is even').toBe(0);
    // Every stage starts from the same image: the native module compiled in one runs in the other.
    for (const stage of stages) expect(rootImage(stage), stage.name ?? 'final').toBe(base);

    const build = named('build');
    expect(all(build, 'RUN')).toEqual(['npm ci --no-audit --no-fund', 'npm run build']);
    const dependencies = named('dependencies');
    expect(all(dependencies, 'RUN').join(' ')).toContain('npm ci --omit=dev');
    // better-sqlite3 compiles where no prebuilt binary fits: the toolchain both stages start from.
    const toolchain = all(named('toolchain'), 'RUN').join(' ');
    for (const tool of ['python3', 'make', 'g++']) expect(toolchain).toContain(tool);
    // The final stage has no compiler: it takes node_modules, dist and the dashboard from the stages.
    // The one package it installs is the system's ping, which ping monitors run.
    const finalRuns = all(final, 'RUN').join(' ');
    expect(finalRuns).not.toMatch(/g\+\+|\bmake\b|python3/);
    expect([...finalRuns.matchAll(/apt-get install (.*?)(?:&&|$)/g)].map((m) => m[1]!.trim())).toEqual(['-y --no-install-recommends iputils-ping']);
    const copies = all(final, 'COPY');
    expect(copies).toContain('--from=dependencies /app/node_modules ./node_modules');
    expect(copies).toContain('--from=build /app/dist ./dist');
    expect(copies).toContain('--from=build /app/web/dist ./web/dist');
    // No architecture named in any instruction: the same file builds for amd64 and arm64.
    const instructions = stages.flatMap((s) => [s.base, ...s.instructions.map((i) => `${i.keyword} ${i.args}`)]).join('\n');
    expect(instructions).not.toMatch(/--platform|amd64|x86_64|arm64|aarch64|linux-x64/);
  });

  it('runs `lookout serve` as a non-root user, keeps its data in the /data volume and reads its key from the environment or /data', () => {
    expect(all(final, 'USER')).toEqual(['node']);
    expect(all(final, 'VOLUME')).toEqual(['["/data"]']);
    expect(JSON.parse(all(final, 'ENTRYPOINT')[0]!)).toEqual(['lookout']);
    expect(JSON.parse(all(final, 'CMD')[0]!)).toEqual(['serve']);
    expect(all(final, 'RUN').join(' ')).toContain('ln -s /app/dist/main.js /usr/local/bin/lookout');
    const env = Object.fromEntries(
      all(final, 'ENV')
        .join(' ')
        .split(/\s+/)
        .map((pair) => pair.split('=') as [string, string]),
    );
    for (const key of Object.keys(env)) if (key !== 'NODE_ENV') expect(CONFIG_VARIABLES).toContain(key);
    const config = loadConfig(env);
    expect(config.databaseUrl).toBe('file:/data/lookout.db');
    expect([config.host, config.port]).toEqual(['0.0.0.0', 3000]);
    // No key baked in: LOOKOUT_SECRET_KEY from `docker run -e`, else /data/secret.key made at first start.
    expect(config.secretKey).toBeNull();
    expect(all(final, 'RUN').join(' ')).toMatch(/chown node:node \/data.*chmod 700 \/data/);
  });

  it('ENTRYPOINT `lookout` is the built program run through a link, as the image makes it', () => {
    const bin = mkdtempSync(join(tmpdir(), 'lookout-bin-'));
    try {
      symlinkSync(join(ROOT, 'dist/main.js'), join(bin, 'lookout'));
      // The image runs it by its shebang (`#!/usr/bin/env node`) once made executable, Node on the PATH;
      // through the link, its imports, package.json and the dashboard resolve from /app.
      expect(read('dist/main.js').split('\n')[0]).toBe('#!/usr/bin/env node');
      expect(all(final, 'RUN').join(' ')).toContain('chmod 755 /app/dist/main.js');
      const version = spawnSync(process.execPath, [join(bin, 'lookout'), '--version'], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });
      expect(version.status, version.stderr).toBe(0);
      expect(version.stdout.trim()).toBe((JSON.parse(read('package.json')) as { version: string }).version);
    } finally {
      rmSync(bin, { recursive: true, force: true });
    }
  });

  it('leaves local installs, builds, data and secrets out of the build context', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
    for (const path of ['node_modules', 'dist', 'web/dist', 'data', '.git', 'secret.key', '*.db', '.env']) expect(ignored).toContain(path);
    for (const needed of ['src', 'web', 'package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json']) expect(ignored).not.toContain(needed);
  });
});

// ---------------------------------------------------------------------------------------------
// The healthchecks, run against a real server

describe('the healthchecks of the image and of compose.yaml', () => {
  let server: ServeProcess;
  let port: number;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lookout-container-'));
    port = await freePort();
    server = await serve({ PORT: String(port), DATABASE_URL: `file:${join(dir, 'lookout.db')}` });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('pass against a serving `lookout serve` and fail where nothing answers', async () => {
    const image = all(final, 'HEALTHCHECK')[0]!;
    expect(image).toMatch(/^--interval=\S+ --timeout=\S+ --start-period=\S+ --retries=\d+ CMD \[/);
    const imageTest = ['CMD', ...(JSON.parse(image.slice(image.indexOf('CMD ') + 4)) as string[])];
    const composeTest = services['api-1']!.healthcheck!.test!;
    for (const test of [imageTest, composeTest]) {
      expect(test.join(' ')).toContain('/healthz');
      expect(await runHealthcheck(test, { PORT: String(port) })).toBe(0);
      expect(await runHealthcheck(test, { PORT: String(await freePort()) })).toBe(1);
    }
  });
});
