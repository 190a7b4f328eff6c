import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNVERIFIED_ACCOUNT } from '../../src/domain/team-members.js';
import { startSmtpReceiver, type ReceivedMail, type SmtpReceiver } from '../alerts/receivers.js';
import { PUBLIC_URL, expectProblem, runCli, startServer, type TestServer } from '../helpers/server.js';
import { connect, problem } from '../mcp/support.js';
import { PASSWORD, asBrowser, newPersonTeam, signIn, type Browserless, type Person } from '../dashboard/support.js';

/*
 * contract-2 §H2 rule 17: an account whose password was chosen through a link nobody mailed is not
 * verified, and no team adds it through the API once another team holds it (the pre-claim of
 * issue 24); mail, `lookout member add` and `lookout user reset` verify it.
 */

const MEMBERS = '/api/v1/teams/current/members';
const OTHER_PASSWORD = 'the attacker chose this one';
let counter = 0;
const newEmail = (name = 'victim') => `${name}${++counter}-${process.pid}@c.test`;

const invite = (server: TestServer, browser: Browserless, email: string, role = 'Member') =>
  asBrowser(server, browser, 'POST', MEMBERS, { body: { email, role } });
const setPassword = (server: TestServer, token: string, password: string) => server.request('POST', '/api/v1/session/password', { body: { token, password } });
const signInAnswer = (server: TestServer, email: string, password: string) => server.request('POST', '/api/v1/session', { body: { email, password } });

async function verifiedAt(server: TestServer, email: string): Promise<number | null> {
  const row = await server.app.store.db.selectFrom('users').select('verified_at').where('email', '=', email).executeTakeFirstOrThrow();
  return row.verified_at;
}

async function teamsOf(server: TestServer, email: string): Promise<string[]> {
  const rows = await server.app.store.db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select('m.team_id')
    .where('u.email', '=', email)
    .execute();
  return rows.map((r) => r.team_id).sort();
}

/** The refusal rule 17 prescribes: on `email`, naming no team, handing out nothing. */
function expectUnverifiedRefusal(answer: { status: number; body: any; text: string }, ...teamsNotNamed: string[]): void {
  expect(answer.status).toBe(400);
  expect(answer.body.errors).toEqual([{ field: 'email', message: UNVERIFIED_ACCOUNT }]);
  expect(UNVERIFIED_ACCOUNT).toBe('this address has an account that was never verified by email; the operator can reset it');
  expect(answer.text).not.toMatch(/lkp_|set-password/);
  for (const team of teamsNotNamed) expect(answer.text).not.toContain(team);
}

describe('without SMTP: a link handed to the inviter verifies nothing', () => {
  let server: TestServer;
  let ownerA: Person;
  let browserA: Browserless;
  let adminB: Person;
  let browserB: Browserless;
  let cli: Record<string, string>;

  beforeAll(async () => {
    server = await startServer();
    ownerA = await newPersonTeam(server, 'Owner', 'Team A');
    browserA = await signIn(server, ownerA);
    adminB = await newPersonTeam(server, 'Admin', 'Team B of the attacker');
    browserB = await signIn(server, adminB);
    cli = { DATABASE_URL: server.env.DATABASE_URL!, PUBLIC_URL, ...(server.env.LOOKOUT_SECRET_KEY && { LOOKOUT_SECRET_KEY: server.env.LOOKOUT_SECRET_KEY }) };
  });
  afterAll(() => server.close());

  /** Team B's Admin invites the address and chooses its password through the link of the answer. */
  async function preClaim(email: string): Promise<string> {
    const claimed = await invite(server, browserB, email);
    expect(claimed.status).toBe(201);
    const token = (claimed.body.invitation.setPasswordUrl as string).split('#')[1]!;
    expect((await setPassword(server, token, OTHER_PASSWORD)).status).toBe(200);
    return claimed.body.userId as string;
  }

  it('refuses the pre-claimed account to another team over REST and MCP, and the attacker cannot sign in to that team', async () => {
    const email = newEmail();
    await preClaim(email);
    expect(await verifiedAt(server, email)).toBeNull();

    for (const spelled of [email, email.toUpperCase()]) {
      const answer = await invite(server, browserA, spelled, 'Admin');
      expectProblem(answer, 400, 'validation', MEMBERS);
      expectUnverifiedRefusal(answer, adminB.teamId, 'Team B of the attacker');
    }

    // The same rule through MCP, with a token of team A's Owner.
    const ownerToken = await server.addMember(ownerA.teamId, 'Owner');
    const mcp = await connect(server, ownerToken);
    try {
      const refused = problem(await mcp.call('invite_team_member', { email, role: 'Admin' }), 'validation');
      expect(refused.errors).toEqual([{ field: 'email', message: UNVERIFIED_ACCOUNT }]);
      expect(JSON.stringify(refused)).not.toContain(adminB.teamId);
    } finally {
      await mcp.close();
    }

    // The attacker signs in with the password they chose: team B only; team A cannot be chosen.
    expect(await teamsOf(server, email)).toEqual([adminB.teamId]);
    const attacker = await signIn(server, { email, password: OTHER_PASSWORD });
    expect(attacker.session.teams.map((t: { id: string }) => t.id)).toEqual([adminB.teamId]);
    const switched = await asBrowser(server, attacker, 'PUT', '/api/v1/session/team', { body: { teamId: ownerA.teamId } });
    expectProblem(switched, 400, 'validation', '/api/v1/session/team');
    expect((await asBrowser(server, attacker, 'GET', MEMBERS)).body.data.map((m: { userId: string }) => m.userId)).not.toContain(ownerA.userId);
  });

  it('refuses an unverified account whose team removed it, as long as it holds the password chosen through the link', async () => {
    const email = newEmail();
    const userId = await preClaim(email);
    expect((await asBrowser(server, browserB, 'DELETE', `${MEMBERS}/${userId}`)).status).toBe(204);
    expectUnverifiedRefusal(await invite(server, browserA, email), adminB.teamId);
    expect(await teamsOf(server, email)).toEqual([]);
  });

  it('lets `lookout member add` add the unverified account, and marks it verified', async () => {
    const email = newEmail();
    await preClaim(email);
    const teamC = await newPersonTeam(server, 'Owner', 'Team C');
    const added = await runCli(['member', 'add', '--team', teamC.teamId, '--email', email, '--role', 'Member', '--json'], cli);
    expect(added.code).toBe(0);
    expect(added.json).toMatchObject({ email, role: 'Member' });
    expect(await verifiedAt(server, email)).toEqual(expect.any(Number));
    // Verified: other teams may now add it through the API too.
    const answer = await invite(server, browserA, email);
    expect(answer.status).toBe(201);
    expect(answer.body.invitation).toBeNull();
    expect(await teamsOf(server, email)).toEqual([adminB.teamId, teamC.teamId, ownerA.teamId].sort());

    // An account the operator makes is verified from the start.
    const made = newEmail('operator-made');
    expect((await runCli(['user', 'create', '--email', made], cli)).code).toBe(0);
    expect(await verifiedAt(server, made)).toEqual(expect.any(Number));
  });

  it('`lookout user reset` makes a link for the operator to deliver; using it replaces the password and verifies the account', async () => {
    const email = newEmail();
    await preClaim(email);
    const first = await runCli(['user', 'reset', '--email', email.toUpperCase(), '--json'], cli);
    expect(first.code).toBe(0);
    const reset = await runCli(['user', 'reset', '--email', email], cli);
    expect(reset.code).toBe(0);
    const url = reset.stdout.split('\n')[0]!;
    expect(url).toMatch(new RegExp(`^${PUBLIC_URL}/set-password#lkp_[A-Za-z0-9_-]{43}$`));
    expect(reset.stdout).toContain(`for ${email}`);
    expect(first.json).toEqual({ userId: expect.any(String), email, setPasswordUrl: expect.stringMatching(/#lkp_/), expiresAt: expect.any(String) });
    // Not verified until the link is used; the older link stopped working when the newer was made.
    expect(await verifiedAt(server, email)).toBeNull();
    expectProblem(await setPassword(server, first.json.setPasswordUrl.split('#')[1], PASSWORD), 400, 'validation', '/api/v1/session/password');

    const attacker = await signIn(server, { email, password: OTHER_PASSWORD });
    const used = await setPassword(server, url.split('#')[1]!, PASSWORD);
    expect(used.status).toBe(200);
    expect(await verifiedAt(server, email)).toEqual(expect.any(Number));
    // The password the attacker chose, and the session they had, no longer work.
    expect((await signInAnswer(server, email, OTHER_PASSWORD)).status).toBe(401);
    expect((await asBrowser(server, attacker, 'GET', '/api/v1/session')).status).toBe(401);
    expect((await signInAnswer(server, email, PASSWORD)).status).toBe(200);

    const answer = await invite(server, browserA, email);
    expect(answer.status).toBe(201);
    expect(answer.body.invitation).toBeNull();

    const unknown = await runCli(['user', 'reset', '--email', 'nobody@c.test'], cli);
    expect(unknown).toMatchObject({ code: 1, stderr: 'lookout: No user has the email "nobody@c.test".\n' });
  });
});

describe('with SMTP: the link goes only to the mailbox, and using it verifies the account', () => {
  let server: TestServer;
  let smtp: SmtpReceiver;
  let ownerA: Person;
  let browserA: Browserless;
  let adminB: Person;
  let browserB: Browserless;

  beforeAll(async () => {
    smtp = await startSmtpReceiver({ refuses: (address) => address.startsWith('bounce') });
    server = await startServer({ SMTP_URL: `${smtp.url}?from=lookout@lookout.test` });
    ownerA = await newPersonTeam(server, 'Owner', 'Team A');
    browserA = await signIn(server, ownerA);
    adminB = await newPersonTeam(server, 'Admin', 'Team B');
    browserB = await signIn(server, adminB);
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  /** The text of a mail as sent (quoted-printable soft line breaks joined). */
  const textOf = (mail: ReceivedMail) => mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

  it('answers where the link went, mails the link, and a second team adds the account once the mailed link was used', async () => {
    const email = newEmail('invitee');
    const before = smtp.messages.length;
    const answer = await invite(server, browserB, email);
    expect(answer.status).toBe(201);
    expect(answer.body.invitation).toEqual({ sentTo: email, expiresAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/) });
    expect(answer.text).not.toMatch(/lkp_|set-password/);
    // The answer matches the operation's success schema, as every answer of the suite does.
    expect(Date.parse(answer.body.invitation.expiresAt) - Date.now()).toBeGreaterThan(6 * 86_400_000);

    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.to).toEqual([email]);
    const text = textOf(mail!);
    expect(text).toContain('Team B');
    const link = new RegExp(`${PUBLIC_URL}/set-password#(lkp_[A-Za-z0-9_-]{43})`).exec(text);
    expect(link).not.toBeNull();

    // Until the mailed link is used the account is unverified and held by team B: refused.
    expectUnverifiedRefusal(await invite(server, browserA, email), adminB.teamId);
    expect(await verifiedAt(server, email)).toBeNull();

    const used = await setPassword(server, link![1]!, PASSWORD);
    expect(used.status).toBe(200);
    expect(await verifiedAt(server, email)).toEqual(expect.any(Number));

    const added = await invite(server, browserA, email, 'Admin');
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ email, role: 'Admin', invitation: null });
    const session = await signIn(server, { email, password: PASSWORD });
    expect(session.session.teams.map((t: { id: string }) => t.id).sort()).toEqual([ownerA.teamId, adminB.teamId].sort());
  });

  it('adds nobody when the mail server refuses the mail, so the invitation can be made again', async () => {
    const email = newEmail('bounce');
    const refused = await invite(server, browserB, email);
    expectProblem(refused, 503, 'unavailable', MEMBERS);
    expect(refused.text).not.toMatch(/lkp_|set-password|127\.0\.0\.1/);
    const user = await server.app.store.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    expect(user).toBeUndefined();
    expect(server.logs()).toContain('invitation mail not sent');
  });
});
