import { describe, expect, it } from 'vitest';
import { ROLES, roleAtLeast, roleBadge } from './roles';

describe('roles', () => {
  it('ranks each role above the ones listed before it', () => {
    ROLES.forEach((role, index) => {
      const lower = ROLES[index - 1];
      if (lower) expect(roleAtLeast(role, lower)).toBe(true);
      expect(roleAtLeast(role, role)).toBe(true);
    });
  });

  it('tells an admin from a moderator', () => {
    expect(roleAtLeast('SUPER', 'ADMIN')).toBe(true);
    expect(roleAtLeast('DEVELOPER', 'ADMIN')).toBe(true);
    expect(roleAtLeast('MODERATOR', 'ADMIN')).toBe(false);
    expect(roleAtLeast('SELECT', 'USER')).toBe(false);
  });

  it('shows the badge as ROLE_ plus the role', () => {
    expect(roleBadge('TRADER')).toBe('ROLE_TRADER');
  });
});
