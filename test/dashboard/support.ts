import type { Role } from '../../src/shared/vocabulary.js';
import type { Answer, TestServer } from '../helpers/server.js';

export const PASSWORD = 'correct horse battery staple';

export interface Person {
  userId: string;
  email: string;
  password: string;
  teamId: string;
}

let counter = 0;

/** A user who can sign in (email and password), member of the team with the role. */
export async function addPerson(server: TestServer, teamId: string, role: Role, password = PASSWORD): Promise<Person> {
  const email = `person${++counter}-${process.pid}@example.test`;
  const user = await server.app.services.users.create({ email, name: `Person ${counter}`, password });
  await server.app.services.teams.addMember(teamId, user.id, role);
  return { userId: user.id, email, password, teamId };
}

/** A new team with one person of the role in it. */
export async function newPersonTeam(server: TestServer, role: Role = 'Owner', name?: string): Promise<Person> {
  const team = await server.app.services.teams.create({ name: name ?? `Team ${++counter}` });
  return addPerson(server, team.id, role);
}

export interface Browserless {
  cookie: string;
  csrf: string;
  session: any;
}

/** Signs in through the API as a browser would; returns the cookie and CSRF token. */
export async function signIn(server: TestServer, person: { email: string; password: string }): Promise<Browserless> {
  const answer = await server.request('POST', '/api/v1/session', { body: { email: person.email, password: person.password } });
  if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.status} ${answer.text}`);
  const setCookie = answer.headers.get('set-cookie') ?? '';
  const cookie = setCookie.split(';')[0]!;
  return { cookie, csrf: answer.body.csrfToken, session: answer.body };
}

/** A request with the session cookie (and the CSRF token unless told otherwise). */
export function asBrowser(
  server: TestServer,
  who: Browserless,
  method: string,
  path: string,
  options: { body?: unknown; csrf?: string | null; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { cookie: who.cookie, ...options.headers };
  const csrf = options.csrf === undefined ? who.csrf : options.csrf;
  if (csrf !== null) headers['x-csrf-token'] = csrf;
  return server.request(method, path, { headers, ...(options.body !== undefined && { body: options.body }) });
}
