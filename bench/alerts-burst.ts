/**
 * npm run bench:alerts (second part) — a burst: BENCH_BURST_MONITORS (1,000) HTTP monitors of one
 * notification policy with three channels (a signed webhook, a Slack-shaped webhook, a second
 * webhook) all go down in the same second, as when a shared dependency fails. Every monitor's
 * first notification on every channel must arrive within 10 s of its first failing check (which
 * includes the confirming retry about 1 s later), and none twice.
 *
 * The monitors come up first (`lookout serve` on a seeded SQLite database, region us-east); the
 * server is then stopped, every monitor's next check is set to the same moment, the target starts
 * answering 503, and the server is started again: at that moment the scheduler checks them all.
 */
import { createServer } from 'node:http';
import { listen, machine, ownerOfNewTeam, percentile, prepareDatabase, startBenchServer } from './harness.js';
import { makeAllDue } from './seed.js';

const MONITORS = Number(process.env.BENCH_BURST_MONITORS ?? 1000);
const CHANNEL_PATHS = ['/hook', '/slack', '/hook-2'] as const;
const WITHIN_MS = 10_000;

async function main(): Promise<void> {
  let failing = false;
  const firstFailedAt: (number | null)[] = Array.from({ length: MONITORS }, () => null);
  const target = createServer((request, response) => {
    const i = Number(/^\/b\/(\d+)$/.exec(request.url ?? '')?.[1] ?? -1);
    if (failing && i >= 0 && firstFailedAt[i] === null) firstFailedAt[i] = Date.now();
    response.writeHead(failing ? 503 : 200, { 'content-type': 'text/plain' }).end(failing ? 'down' : 'ok');
  });
  target.keepAliveTimeout = 1;
  const targetPort = await listen(target);

  // Per channel and monitor: when its monitor.down arrived, and how many arrived again.
  const monitorIndex = new Map<string, number>();
  const received = CHANNEL_PATHS.map(() => Array.from({ length: MONITORS }, (): number | null => null));
  let repeated = 0;
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const now = Date.now();
      response.writeHead(200).end();
      const channel = CHANNEL_PATHS.indexOf(request.url as (typeof CHANNEL_PATHS)[number]);
      const text = Buffer.concat(chunks).toString('utf8');
      // The webhook body names the monitor; the Slack message links to its dashboard page.
      const id = channel === 1 ? /\/monitors\/([0-9a-f-]{36})/.exec(text)?.[1] : (JSON.parse(text) as { event: string; monitor: { id: string } }).monitor.id;
      const i = monitorIndex.get(id ?? '');
      if (channel < 0 || i === undefined || !text.includes('down')) return;
      if (received[channel]![i] !== null) repeated++;
      else received[channel]![i] = now;
    });
  });
  const receiverPort = await listen(receiver);

  let token = '';
  const db = await prepareDatabase(async (services) => {
    const owner = await ownerOfNewTeam(services, 'Burst bench', 'burst@bench.test');
    token = owner.token;
    const actor = owner.actor;
    const base = `http://127.0.0.1:${receiverPort}`;
    const policy = await services.alertPolicies.create(actor, {
      name: 'Burst',
      notifyOn: ['down'],
      channels: [
        { type: 'webhook', url: `${base}${CHANNEL_PATHS[0]}`, secret: 'bench-secret-0123456789' },
        { type: 'slack', webhookUrl: `${base}${CHANNEL_PATHS[1]}` },
        { type: 'webhook', url: `${base}${CHANNEL_PATHS[2]}` },
      ],
    });
    for (let i = 0; i < MONITORS; i++) {
      const monitor = await services.monitors.create(actor, {
        type: 'http',
        name: `Burst ${i}`,
        intervalSeconds: 300,
        timeoutSeconds: 5,
        regions: ['us-east'],
        url: `http://127.0.0.1:${targetPort}/b/${i}`,
        method: 'GET',
        expectedStatus: 200,
        notificationPolicyId: policy.id,
      });
      monitorIndex.set(monitor.id, i);
    }
  });

  // One team's checks run at most LOOKOUT_TEAM_CONCURRENCY (32) at a time, each failing one holding
  // its place through the confirming retry's 1 s pause: with the default, the 1,000 failures would
  // be detected over about 35 s. Lifted here, so that they all fail within a second or two and the
  // alerting side gets them at once.
  const env = { DATABASE_URL: db.databaseUrl, LOOKOUT_REGIONS: 'us-east', LOOKOUT_TEAM_CONCURRENCY: String(MONITORS) };
  let server = await startBenchServer(env);
  let running = true;
  try {
    const started = Date.now();
    for (;;) {
      const answer = await fetch(`${server.baseUrl}/api/v1/monitors`, { headers: { authorization: `Bearer ${token}` } });
      const list = ((await answer.json()) as { data: Array<{ status: string }> }).data;
      if (list.length === MONITORS && list.every((m) => m.status === 'up')) break;
      if (Date.now() - started > 180_000) throw new Error('the monitors did not all come up');
      await new Promise((r) => setTimeout(r, 2000));
    }
    await server.stop();
    running = false;
    console.log(`${MONITORS} monitors up after ${((Date.now() - started) / 1000).toFixed(1)} s; every next check set to one moment`);

    const burstAt = Date.now() + 15_000;
    await makeAllDue(db.databaseUrl, burstAt);
    failing = true;
    server = await startBenchServer(env);
    running = true;

    const deadline = burstAt + 120_000;
    const missing = () => received.reduce((n, channel) => n + channel.filter((at) => at === null).length, 0);
    while (missing() > 0) {
      if (Date.now() > deadline) throw new Error(`${missing()} notifications did not arrive within two minutes of the burst`);
      await new Promise((r) => setTimeout(r, 200));
    }
    await new Promise((r) => setTimeout(r, 3000)); // would a repeat arrive?

    const latest = firstFailedAt.map((failed, i) => Math.max(...received.map((channel) => channel[i]!)) - failed!);
    const first = firstFailedAt.map((failed, i) => Math.min(...received.map((channel) => channel[i]!)) - failed!);
    const failedSpread = Math.max(...firstFailedAt.map(Number)) - Math.min(...firstFailedAt.map(Number));
    console.log(
      `\n${machine()}, ${new Date().toISOString()}, ${MONITORS} monitors down at once (first failing checks within ${failedSpread} ms), 3 channels each\n`,
    );
    console.log('| first failing check → | p50 ms | p99 ms | max ms |');
    console.log('|---|---|---|---|');
    console.log(`| first channel notified | ${percentile(first, 50)} | ${percentile(first, 99)} | ${Math.max(...first)} |`);
    console.log(`| all 3 channels notified | ${percentile(latest, 50)} | ${percentile(latest, 99)} | ${Math.max(...latest)} |`);
    const lastOfAll = Math.max(...received.flatMap((channel) => channel.map(Number))) - Math.min(...firstFailedAt.map(Number));
    console.log(`\nthe first failing check of all → the last notification of all: ${lastOfAll} ms`);
    console.log(`notifications: ${MONITORS * CHANNEL_PATHS.length} monitor.down, ${repeated} repeated`);
    if (repeated > 0) throw new Error(`${repeated} notifications arrived twice`);
    if (Math.max(...latest) > WITHIN_MS) throw new Error(`a monitor's notifications took ${Math.max(...latest)} ms, more than ${WITHIN_MS} ms`);
  } finally {
    if (running) await server.stop();
    db.cleanup();
    target.close();
    receiver.close();
  }
}

await main();
