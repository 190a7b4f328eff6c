/**
 * npm run bench:alerts — detection latency: from a target starting to fail to the webhook.
 *
 * Seeds 50 HTTP monitors (interval 60 s, region us-east) pointing at a local target, each at a
 * path of its own, and one notification policy with a webhook to a local receiver. Starts
 * `lookout serve` in its own process (LOOKOUT_REGIONS=us-east, LOG_LEVEL=warn) and waits until
 * every monitor is up. Then each monitor's path starts answering 503 at a random moment within
 * one interval (so that the phase of its schedule is random, as in steady state), and the bench
 * waits for each `monitor.down` webhook. Per monitor it measures:
 *
 * - detection: the path starts failing → webhook received (bounded by the 60 s interval);
 * - from the first failing check: the first 503 served → webhook received (the confirming
 *   retry about 1 s later, recording, event processing, delivery);
 * - from the outbox: the delivery row written (event processed) → webhook received (dispatcher
 *   and HTTP), read from the database after the server stopped.
 *
 * It fails when a monitor is not reported within two intervals or a webhook arrives twice.
 */
import { createServer } from 'node:http';
import { openStore } from '../src/store/database.js';
import { listen, machine, ownerOfNewTeam, percentile, prepareDatabase, startBenchServer } from './harness.js';

const MONITORS = Number(process.env.BENCH_MONITORS ?? 50);
const INTERVAL_SECONDS = 60;

interface Timeline {
  failAt: number;
  firstFailedAt: number | null;
  webhookAt: number | null;
  enqueuedAt: number | null;
  duplicates: number;
}

async function main(): Promise<void> {
  const timelines: Timeline[] = Array.from({ length: MONITORS }, () => ({
    failAt: Number.POSITIVE_INFINITY,
    firstFailedAt: null,
    webhookAt: null,
    enqueuedAt: null,
    duplicates: 0,
  }));

  // The target: /m/<i> answers 200 until its monitor's failAt, then 503.
  const target = createServer((request, response) => {
    const i = Number(/^\/m\/(\d+)$/.exec(request.url ?? '')?.[1] ?? -1);
    const t = timelines[i];
    const now = Date.now();
    const failing = t !== undefined && now >= t.failAt;
    if (failing && t.firstFailedAt === null) t.firstFailedAt = now;
    response.writeHead(failing ? 503 : 200, { 'content-type': 'text/plain' }).end(failing ? 'down' : 'ok');
  });
  target.keepAliveTimeout = 1;
  const targetPort = await listen(target);

  // The webhook receiver: which monitor went down, when.
  const monitorIndex = new Map<string, number>();
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const now = Date.now();
      response.writeHead(200).end();
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { event: string; monitor: { id: string } };
      if (body.event !== 'monitor.down') return;
      const t = timelines[monitorIndex.get(body.monitor.id) ?? -1];
      if (!t) return;
      if (t.webhookAt !== null) t.duplicates++;
      else t.webhookAt = now;
    });
  });
  const receiverPort = await listen(receiver);

  let token = '';
  const db = await prepareDatabase(async (services) => {
    const owner = await ownerOfNewTeam(services, 'Alerting bench', 'alerts@bench.test');
    token = owner.token;
    const actor = owner.actor;
    const policy = await services.alertPolicies.create(actor, {
      name: 'Bench',
      notifyOn: ['down'],
      channels: [{ type: 'webhook', url: `http://127.0.0.1:${receiverPort}/hook`, secret: 'bench-secret-0123456789' }],
    });
    for (let i = 0; i < MONITORS; i++) {
      const monitor = await services.monitors.create(actor, {
        type: 'http',
        name: `Bench ${i}`,
        intervalSeconds: INTERVAL_SECONDS,
        timeoutSeconds: 5,
        regions: ['us-east'],
        url: `http://127.0.0.1:${targetPort}/m/${i}`,
        method: 'GET',
        expectedStatus: 200,
        notificationPolicyId: policy.id,
      });
      monitorIndex.set(monitor.id, i);
    }
  });

  const server = await startBenchServer({ DATABASE_URL: db.databaseUrl, LOOKOUT_REGIONS: 'us-east' });
  let stopped = false;
  try {
    const started = Date.now();
    for (;;) {
      const answer = await fetch(`${server.baseUrl}/api/v1/monitors`, { headers: { authorization: `Bearer ${token}` } });
      const list = ((await answer.json()) as { data: Array<{ status: string }> }).data;
      if (list.length === MONITORS && list.every((m) => m.status === 'up')) break;
      if (Date.now() - started > 2 * INTERVAL_SECONDS * 1000) throw new Error('the monitors did not all come up');
      await new Promise((r) => setTimeout(r, 1000));
    }
    console.log(
      `${MONITORS} monitors up after ${((Date.now() - started) / 1000).toFixed(1)} s; now each target fails at a random moment within ${INTERVAL_SECONDS} s`,
    );

    const t0 = Date.now();
    for (const t of timelines) t.failAt = t0 + Math.round(Math.random() * INTERVAL_SECONDS * 1000);
    const deadline = t0 + 3 * INTERVAL_SECONDS * 1000;
    while (timelines.some((t) => t.webhookAt === null)) {
      if (Date.now() > deadline) {
        throw new Error(`${timelines.filter((t) => t.webhookAt === null).length} monitors were not reported within two intervals`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    await new Promise((r) => setTimeout(r, 2000)); // would a repeat arrive?
    await server.stop();
    stopped = true;

    const store = openStore(db.databaseUrl);
    const rows = await store.db.selectFrom('deliveries').select(['monitor_id', 'created_at']).where('event', '=', 'monitor.down').execute();
    await store.close();
    for (const row of rows) {
      const t = timelines[monitorIndex.get(row.monitor_id ?? '') ?? -1];
      if (t) t.enqueuedAt = row.created_at;
    }

    const results: Array<[string, number[]]> = [
      ['target fails → webhook (detection)', timelines.map((t) => t.webhookAt! - t.failAt)],
      ['first failing check → webhook', timelines.map((t) => t.webhookAt! - t.firstFailedAt!)],
      ['outbox entry → webhook (dispatch)', timelines.map((t) => t.webhookAt! - t.enqueuedAt!)],
    ];
    const duplicates = timelines.reduce((n, t) => n + t.duplicates, 0);
    console.log(`\n${machine()}, ${new Date().toISOString()}, ${MONITORS} monitors, interval ${INTERVAL_SECONDS} s, 1 region\n`);
    console.log('| latency | p50 ms | p99 ms | max ms |');
    console.log('|---|---|---|---|');
    for (const [label, values] of results) {
      console.log(`| ${label} | ${percentile(values, 50)} | ${percentile(values, 99)} | ${Math.max(...values)} |`);
    }
    console.log(`\nwebhooks: ${MONITORS} monitor.down, ${duplicates} repeated`);
    if (duplicates > 0) throw new Error(`${duplicates} webhooks arrived twice`);
  } finally {
    if (!stopped) await server.stop();
    db.cleanup();
    target.close();
    receiver.close();
  }
}

await main();
