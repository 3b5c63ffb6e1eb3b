import { role, type churchMembers, type users } from '../schema';
import { DEMO_NOW } from './demo-clock';
import type { Random } from './random';
import { capitalise } from './text';

export type UserRow = typeof users.$inferInsert & { id: string; email: string };
export type ChurchMemberRow = typeof churchMembers.$inferInsert;
export type DemoRole = (typeof role.enumValues)[number];

export interface DemoAccount {
  role: DemoRole;
  email: string;
}

/** Every role of SPEC §3 but SELECT, which only means "none chosen". */
export const DEMO_ROLES: readonly DemoRole[] = role.enumValues;

export const DEMO_EMAIL_DOMAIN = 'demo.churchtrades.au';

export function demoEmail(accountRole: DemoRole): string {
  return `${accountRole.toLowerCase()}@${DEMO_EMAIL_DOMAIN}`;
}

/** The state the demo GOVERNOR governs: the demo church's. */
export const DEMO_GOVERNED_STATE = 'NSW';

/** One verified account per role, sharing the demo password. */
export function buildRoleAccounts(random: Random, passwordHash: string): Map<DemoRole, UserRow> {
  const createdAt = new Date(Date.UTC(DEMO_NOW.getUTCFullYear() - 3, 0, 15, 9, 0, 0));
  const accounts = DEMO_ROLES.map((accountRole, index): [DemoRole, UserRow] => [
    accountRole,
    {
      id: random.uuid(),
      firstName: 'Demo',
      lastName: capitalise(accountRole.toLowerCase()),
      email: demoEmail(accountRole),
      phone: `0400 000 ${String(index + 1).padStart(3, '0')}`,
      bio: `Demo account with the ${accountRole} role.`,
      role: accountRole,
      governedState: accountRole === 'GOVERNOR' ? DEMO_GOVERNED_STATE : null,
      passwordHash,
      enabled: true,
      emailVerifiedAt: createdAt,
      createdAt,
      updatedAt: createdAt,
    },
  ]);
  return new Map(accounts);
}

export function buildMemberships(accounts: Map<DemoRole, UserRow>, churchId: string, since: Date): ChurchMemberRow[] {
  const member = (accountRole: 'PRIEST' | 'MODERATOR'): ChurchMemberRow => {
    const account = accounts.get(accountRole);
    if (!account) throw new Error(`No demo ${accountRole} account`);
    return { churchId, userId: account.id, churchRole: accountRole, createdAt: since };
  };
  return [member('PRIEST'), member('MODERATOR')];
}
