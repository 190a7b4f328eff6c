import { describe, expect, it } from 'vitest';
import { rolesSentence } from '../../src/api/operation.js';
import { ADMINS, ANY_ROLE, WRITERS } from '../../src/domain/roles.js';
import { ROLES } from '../../src/shared/vocabulary.js';

describe('role lists', () => {
  it('each names its own intent: every role reads, writers are a list of their own, admins fewer still', () => {
    expect(ANY_ROLE).toEqual(ROLES);
    // Written out, not an alias of ROLES: a read-only role (Viewer) joins ROLES without joining WRITERS.
    expect(WRITERS).not.toBe(ANY_ROLE);
    expect(WRITERS.every((role) => ANY_ROLE.includes(role))).toBe(true);
    expect(ADMINS.every((role) => WRITERS.includes(role))).toBe(true);
    expect(ADMINS.length).toBeLessThan(WRITERS.length);
  });
});

describe('the role sentence of the documentation and the MCP tools', () => {
  it('says "Any role." for a list holding every role, in any order, and names the roles of any other list', () => {
    expect(rolesSentence(ANY_ROLE)).toBe('Any role.');
    expect(rolesSentence([...ANY_ROLE].reverse())).toBe('Any role.');
    expect(rolesSentence(ADMINS)).toBe(`Roles ${ADMINS.join(', ')}.`);
    expect(rolesSentence('public')).toBe('No token needed.');
    // As long as ANY_ROLE, yet one role short: judged by what it holds, not by how many it lists.
    const short = [...ANY_ROLE.slice(1), ANY_ROLE[1]!];
    expect(short).toHaveLength(ANY_ROLE.length);
    expect(rolesSentence(short)).toBe(`Roles ${short.join(', ')}.`);
  });
});
