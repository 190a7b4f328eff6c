import { Problem } from './problem.js';
import type { Role } from '../shared/vocabulary.js';

/** The authenticated caller: a token acting with its user's current role in one team. */
export interface Actor {
  tokenId: string;
  userId: string;
  teamId: string;
  role: Role;
}

/** Whether the caller is a dashboard session (its `tokenId` is `session:<id>`) rather than a personal access token. */
export function isSessionActor(actor: Actor): boolean {
  return actor.tokenId.startsWith('session:');
}

/**
 * Roles are judged before any resource is looked up, so a 403 leaks nothing about ids. The refusal
 * names the roles that may (a Viewer's MCP client learns which role it lacks).
 */
export function requireRole(actor: Actor, allowed: readonly Role[]): void {
  if (!allowed.includes(actor.role)) {
    throw new Problem('forbidden', `Your role in this team (${actor.role}) does not allow this action; it needs the role ${rolesNamed(allowed)}.`);
  }
}

function rolesNamed(roles: readonly Role[]): string {
  return roles.length === 1 ? roles[0]! : `${roles.slice(0, -1).join(', ')} or ${roles[roles.length - 1]!}`;
}
