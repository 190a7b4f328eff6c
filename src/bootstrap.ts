import { randomPassword } from './domain/passwords.js';
import type { Services } from './composition/services.js';

export interface BootstrapCredentials {
  teamId: string;
  email: string;
  password: string;
  token: string;
}

export const BOOTSTRAP_EMAIL = 'owner@lookout.local';

/**
 * On the first start against an empty database: a team, an Owner who can sign in, and a
 * token for the API. Returned once for printing; only hashes are kept.
 */
export async function bootstrapIfEmpty(services: Pick<Services, 'teams' | 'users' | 'tokens'>): Promise<BootstrapCredentials | null> {
  if ((await services.teams.count()) > 0) return null;
  const team = await services.teams.create({ name: 'My team' });
  const password = randomPassword();
  const user = await services.users.create({ email: BOOTSTRAP_EMAIL, name: 'Owner', password });
  await services.teams.addMember(team.id, user.id, 'Owner');
  const { token } = await services.tokens.create({ teamId: team.id, userId: user.id, name: 'bootstrap' });
  return { teamId: team.id, email: user.email, password, token };
}

export function describeBootstrap(c: BootstrapCredentials, publicUrl: string): string {
  return [
    '',
    'Lookout created your first team. These credentials are shown only once:',
    `  Dashboard:  ${publicUrl}/  (email ${c.email}, password ${c.password})`,
    `  API token:  ${c.token}`,
    `  Try it:     curl -H "Authorization: Bearer ${c.token}" ${publicUrl}/api/v1/teams/current`,
    '',
  ].join('\n');
}
