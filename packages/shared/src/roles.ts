import { z } from 'zod';

/** The roles an account holds, from least to most powerful. */
export const ACCOUNT_ROLES = ['USER', 'TRADER', 'PRIEST', 'MODERATOR', 'GOVERNOR', 'ADMIN', 'DEVELOPER', 'SUPER'] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

/** Ordered from least to most powerful; SELECT ("none chosen") ranks lowest. */
export const ROLES = ['SELECT', ...ACCOUNT_ROLES] as const;
export type Role = (typeof ROLES)[number];

export const roleSchema = z.enum(ROLES);

export function roleRank(role: Role): number {
  return ROLES.indexOf(role);
}

export function roleAtLeast(role: Role, minimum: Role): boolean {
  return roleRank(role) >= roleRank(minimum);
}

export type RoleBadge = `ROLE_${Role}`;

export function roleBadge(role: Role): RoleBadge {
  return `ROLE_${role}`;
}
