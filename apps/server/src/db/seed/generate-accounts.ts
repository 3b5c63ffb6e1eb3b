import { ACCOUNT_DELETION_DAYS } from '@churchtrades/shared/account-deletion';
import { role, type churchMembers, type users } from '../schema';
import { DEMO_NOW } from './demo-clock';
import { LEAVING_VISITOR_EMAIL, NEIGHBOUR_MODERATOR_EMAIL } from './demo-people';
import type { Random } from './random';
import { capitalise } from './text';

export type UserRow = typeof users.$inferInsert & { id: string; email: string };

const DAY_MS = 24 * 60 * 60 * 1000;
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
  return new Map(confirmedByDemoAdmin(accounts));
}

/** The demo priest, moderator and governor were confirmed by the demo administrator (moderatedBy). */
function confirmedByDemoAdmin(accounts: [DemoRole, UserRow][]): [DemoRole, UserRow][] {
  const admin = accounts.find(([accountRole]) => accountRole === 'ADMIN')?.[1];
  if (!admin) throw new Error('No demo ADMIN account');
  const confirmedByAdmin: readonly DemoRole[] = ['PRIEST', 'MODERATOR', 'GOVERNOR'];
  return accounts.map(([accountRole, account]) => [
    accountRole,
    confirmedByAdmin.includes(accountRole) ? { ...account, moderated: true, moderatedBy: admin.id } : account,
  ]);
}

/**
 * A moderator the demo administrator registered who has not been confirmed yet, so the users screen shows one
 * waiting: they chose their password, but moderate nothing until an administrator confirms them.
 */
export function buildWaitingModerator(random: Random, passwordHash: string): UserRow {
  const createdAt = new Date(DEMO_NOW.getTime() - 2 * 24 * 60 * 60 * 1000);
  return {
    id: random.uuid(),
    firstName: 'Dara',
    lastName: 'Newcomer',
    email: `newcomer@${DEMO_EMAIL_DOMAIN}`,
    phone: '0400 000 099',
    bio: 'Demo moderator waiting for an administrator to confirm them.',
    role: 'MODERATOR',
    governedState: null,
    moderated: false,
    moderatedBy: null,
    passwordHash,
    enabled: true,
    emailVerifiedAt: createdAt,
    createdAt,
    updatedAt: createdAt,
  };
}

/** A confirmed moderator of another church, who decides reports about the demo church's businesses. */
export function buildNeighbourModerator(random: Random, passwordHash: string, confirmedBy: UserRow): UserRow {
  const createdAt = new Date(Date.UTC(DEMO_NOW.getUTCFullYear() - 2, 2, 10, 9, 0, 0));
  return {
    id: random.uuid(),
    firstName: 'Nina',
    lastName: 'Neighbour',
    email: NEIGHBOUR_MODERATOR_EMAIL,
    phone: '0400 000 098',
    bio: 'Demo moderator of another church than the demo church.',
    role: 'MODERATOR',
    governedState: null,
    moderated: true,
    moderatedBy: confirmedBy.id,
    passwordHash,
    enabled: true,
    emailVerifiedAt: createdAt,
    createdAt,
    updatedAt: createdAt,
  };
}

/**
 * A visitor who asked three days before `now` for their account to be deleted: closed, waiting out its 14 days,
 * so that administrators see a deletion pending and its undo link can be tried.
 */
export function buildLeavingVisitor(random: Random, passwordHash: string, now: Date): UserRow {
  const createdAt = new Date(Date.UTC(DEMO_NOW.getUTCFullYear() - 1, 8, 3, 9, 0, 0));
  const deletionRequestedAt = new Date(now.getTime() - 3 * DAY_MS);
  return {
    id: random.uuid(),
    firstName: 'Lee',
    lastName: 'Leaving',
    email: LEAVING_VISITOR_EMAIL,
    phone: null,
    bio: 'Demo visitor who asked for their account to be deleted.',
    role: 'USER',
    governedState: null,
    passwordHash,
    enabled: true,
    emailVerifiedAt: createdAt,
    deletionRequestedAt,
    deletionDueAt: new Date(deletionRequestedAt.getTime() + ACCOUNT_DELETION_DAYS * DAY_MS),
    createdAt,
    updatedAt: deletionRequestedAt,
  };
}

export function buildMemberships(
  accounts: Map<DemoRole, UserRow>,
  waitingModerator: UserRow,
  churchId: string,
  since: Date,
): ChurchMemberRow[] {
  const member = (accountRole: 'PRIEST' | 'MODERATOR'): ChurchMemberRow => {
    const account = accounts.get(accountRole);
    if (!account) throw new Error(`No demo ${accountRole} account`);
    return { churchId, userId: account.id, churchRole: accountRole, createdAt: since };
  };
  const waiting: ChurchMemberRow = { churchId, userId: waitingModerator.id, churchRole: 'MODERATOR', createdAt: since };
  return [member('PRIEST'), member('MODERATOR'), waiting];
}
