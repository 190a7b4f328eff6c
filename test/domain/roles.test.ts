import { describe, expect, it } from 'vitest';
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
