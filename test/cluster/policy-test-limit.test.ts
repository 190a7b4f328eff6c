/**
 * The limit on sending a notification policy's test holds for the whole cluster: five tests per
 * policy per minute whichever node answers. (Cluster project only: LOOKOUT_TEST_STORE=postgres.)
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { POLICIES, createPolicy, expectStatus } from '../alerts/fixtures.js';
import { startHttpReceiver, type HttpReceiver } from '../alerts/receivers.js';
import { expectProblem, startServer, type TestServer } from '../helpers/server.js';

let a: TestServer;
let b: TestServer;
let hook: HttpReceiver;

beforeAll(async () => {
  a = await startServer();
  if (a.store !== 'postgres') throw new Error('test/cluster runs in cluster mode only (LOOKOUT_TEST_STORE=postgres)');
  b = await startServer({ DATABASE_URL: a.env.DATABASE_URL!, REDIS_URL: a.env.REDIS_URL!, LOOKOUT_SECRET_KEY: a.env.LOOKOUT_SECRET_KEY! });
  hook = await startHttpReceiver();
});

afterAll(async () => {
  await hook?.close();
  await b?.close();
  await a?.close(); // drops the shared database
});

it('five tests of a policy spread over two nodes use up its minute on both', async () => {
  const owner = await a.newTeam('Owner');
  const policy = await createPolicy(a, owner, { name: 'Shared', channels: [{ type: 'webhook', url: hook.url }] });
  const path = `${POLICIES}/${policy.id}/test`;
  for (const node of [a, b, a, b, a]) expectStatus(await node.request('POST', path, { token: owner.token }), 200);
  expect(hook.received).toHaveLength(5);
  for (const node of [b, a]) {
    const limited = await node.request('POST', path, { token: owner.token });
    expectProblem(limited, 429, 'rate-limited', path);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  }
  expect(hook.received).toHaveLength(5);
});
