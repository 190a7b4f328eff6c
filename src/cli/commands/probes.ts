import { createServer } from 'node:http';
import type { Command } from 'commander';
import { loadConfig } from '../../config.js';
import { createLogger } from '../../logger.js';
import { VERSION } from '../../version.js';
import { InProcessExecutor } from '../../checks/execution/in-process-executor.js';
import { Probe, plainHttpAllowed } from '../../checks/probes/probe.js';
import { HostResolver } from '../../net/resolver.js';
import { createTrustContext } from '../../net/trust-store.js';
import { attempt, print, withServices, type OutputOptions } from '../context.js';
import type { CliIo } from '../io.js';
import { exitOnUnexpectedError } from '../last-resort.js';

/** `lookout probe` (a remote probe of one region) and `lookout probe-token` (the operator's probe tokens). */
export function registerProbeCommands(program: Command, io: CliIo): void {
  program
    .command('probe')
    .description('check one region from here: take its due checks from the server over HTTPS and send their results back (no database or Redis needed)')
    .requiredOption('--server <url>', "the server's public address, e.g. https://lookout.example.com")
    .requiredOption('--region <region>', "the region this probe checks (its token's)")
    .option('--token <token>', 'the probe token (lkb_…); LOOKOUT_PROBE_TOKEN is read when absent, keeping it out of the process list')
    .option('--insecure', 'allow a plain http:// server address that is not this machine (the token then crosses the network unencrypted)')
    .option('--concurrency <n>', 'checks running at once at most', '2048')
    .option('--wait <seconds>', 'how long one request for checks may wait on the server for the first (long poll), 1-30', '20')
    .option('--metrics-port <port>', "serve this probe's counters (Prometheus text) on http://<metrics-host>:<port>/metrics")
    .option('--metrics-host <host>', 'the address the counters are served on', '127.0.0.1')
    .action(async (o: ProbeCommandOptions) => {
      await attempt(io, {}, async () => {
        const token = o.token ?? io.env.LOOKOUT_PROBE_TOKEN;
        if (!token) throw new Error('give the probe token with --token or LOOKOUT_PROBE_TOKEN');
        let server: URL;
        try {
          server = new URL(o.server);
        } catch {
          throw new Error(`--server: "${o.server}" is not an address (e.g. https://lookout.example.com)`);
        }
        if (server.protocol !== 'https:' && server.protocol !== 'http:') throw new Error('--server: use an https:// address');
        if (!plainHttpAllowed(server) && !o.insecure) {
          throw new Error(
            "--server: a plain http:// address other than this machine would send the token and monitors' secrets unencrypted; use https://, or --insecure",
          );
        }
        const wait = Number(o.wait);
        if (!Number.isInteger(wait) || wait < 1 || wait > 30) throw new Error('--wait: an integer from 1 to 30 (seconds)');
        const concurrency = Number(o.concurrency);
        if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 100_000) throw new Error('--concurrency: an integer from 1 to 100000');
        // The probe's own rules for what it may reach (LOOKOUT_TARGET_POLICY, LOOKOUT_DNS_SERVERS), where it runs.
        const config = loadConfig(io.env);
        const logger = createLogger(config.logLevel).child({ probe: o.region });
        const probe = new Probe({
          server: server.href,
          token,
          region: o.region,
          concurrency,
          waitMs: wait * 1000,
          logger,
          executor: new InProcessExecutor({
            targetPolicy: config.targetPolicy,
            userAgent: `Lookout/${VERSION}`,
            secureContext: createTrustContext(),
            resolver: new HostResolver({ servers: config.dnsServers ?? undefined }),
            dnsServers: config.dnsServers,
          }),
        });
        const metricsServer =
          o.metricsPort === undefined
            ? null
            : createServer((request, response) => {
                if (request.url !== '/metrics') {
                  response.writeHead(404).end();
                  return;
                }
                probe.registry.metrics().then(
                  (text) => response.writeHead(200, { 'content-type': probe.registry.contentType }).end(text),
                  () => response.writeHead(500).end(),
                );
              }).listen(Number(o.metricsPort), o.metricsHost);
        const closeAll = () => new Promise<void>((resolve) => (metricsServer ? metricsServer.close(() => resolve()) : resolve()));
        exitOnUnexpectedError({ logger, close: () => probe.close().then(closeAll) });
        const shutdown = (signal: string) => {
          logger.info({ signal }, 'shutting down; finishing and reporting the checks under way');
          probe
            .close()
            .then(closeAll)
            .then(
              () => process.exit(0),
              () => process.exit(1),
            );
        };
        process.once('SIGINT', shutdown);
        process.once('SIGTERM', shutdown);
        try {
          await probe.run();
        } catch (error) {
          await closeAll();
          throw error;
        }
      });
    });

  const tokens = program.command('probe-token').description('manage probe tokens (installation-wide; each lets one probe check one region)');
  tokens
    .command('create')
    .description('issue a probe token for a region; it is printed once')
    .requiredOption('--region <region>', 'the region its probe checks')
    .option('--name <label>', 'a label to recognise the probe by')
    .option('--json', 'print the answer as JSON')
    .action(async (o: { region: string; name?: string } & OutputOptions) => {
      await attempt(io, o, () =>
        withServices(io, async (s) => {
          const t = await s.probeTokens.create({ region: o.region, ...(o.name !== undefined && { name: o.name }) });
          print(
            io,
            o,
            { id: t.id, token: t.token, region: t.region, name: t.name },
            `${t.token}\n(probe token ${t.id} for ${t.region}; it is not shown again)`,
          );
        }),
      );
    });
  tokens
    .command('list')
    .description('list the probe tokens in use')
    .option('--json', 'print the answer as JSON')
    .action(async (o: OutputOptions) => {
      await attempt(io, o, () =>
        withServices(io, async (s) => {
          const list = await s.probeTokens.list();
          const lines = list.map((t) => `${t.id}  ${t.region}  ${t.name}  last used ${t.lastUsedAt ?? 'never'}`);
          print(io, o, { data: list }, lines.length > 0 ? lines.join('\n') : '(no probe tokens)');
        }),
      );
    });
  tokens
    .command('revoke')
    .description("revoke a probe token; its probe's next request is refused")
    .requiredOption('--id <id>', 'the probe token id')
    .option('--json', 'print the answer as JSON')
    .action(async (o: { id: string } & OutputOptions) => {
      await attempt(io, o, () =>
        withServices(io, async (s) => {
          const revoked = await s.probeTokens.revoke(o.id);
          print(io, o, revoked, `Revoked probe token ${revoked.id}`);
        }),
      );
    });
}

interface ProbeCommandOptions {
  server: string;
  region: string;
  token?: string;
  insecure?: boolean;
  concurrency: string;
  wait: string;
  metricsPort?: string;
  metricsHost: string;
}
