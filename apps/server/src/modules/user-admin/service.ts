import { MESSAGES } from '@churchtrades/shared/messages';
import { grantableRoles, mayAdministerDirectory, mayManageAccountOf } from '@churchtrades/shared/permissions';
import type { Role } from '@churchtrades/shared/roles';
import { STATE_FILTER_ALL } from '@churchtrades/shared/states';
import { type Page, pageOf } from '@churchtrades/shared/trade-search';
import type { UpdateRoleInput, UserAdmin, UserFilterQuery, UserSwitch } from '@churchtrades/shared/user-admin';
import type { Transactions } from '../../db/transactions';
import { AppError } from '../../http/app-error';
import type { AuditTrail } from '../audit/service';
import { requirePermission } from '../sessions/permission';
import type { SessionService, SignedInUser } from '../sessions/service';
import type { UserService } from '../users/service';
import type { AccountRole, AccountRow, MembershipRow, UserAdminRepo, UserFilter } from './repo';

export interface UserAdminDependencies {
  repo: UserAdminRepo;
  audit: AuditTrail;
  sessions: Pick<SessionService, 'endAllOf'>;
  passwordResets: Pick<UserService, 'sendPasswordResetFor'>;
  transactions: Pick<Transactions, 'run'>;
}

function isAccountRole(role: Role): role is AccountRole {
  return role !== 'SELECT';
}

/** The roles of the accounts the actor may change: the roles they may give (permissions.ts). */
function manageableRoles(actor: SignedInUser): AccountRole[] {
  return grantableRoles(actor.role).filter(isAccountRole);
}

function fullName(account: { firstName: string; lastName: string }): string {
  return `${account.firstName} ${account.lastName}`;
}

function filterOf(query: UserFilterQuery): UserFilter {
  return {
    text: query.searchText,
    stateType: query.stateType === STATE_FILTER_ALL ? undefined : query.stateType,
    churchId: query.churchId,
    role: query.authority,
    switches: {
      enabled: query.enabled,
      accountNonExpired: query.accountNonExpired,
      accountNonLocked: query.accountNonLocked,
      credentialsNonExpired: query.credentialsNonExpired,
    },
  };
}

function userAdminOf(account: AccountRow, memberships: MembershipRow[]): UserAdmin {
  return {
    userId: account.userId,
    firstName: account.firstName,
    lastName: account.lastName,
    email: account.email,
    phone: account.phone,
    imageUrl: account.imageUrl,
    photo: account.imageUrl,
    role: account.role,
    governedState: account.governedState,
    enabled: account.enabled,
    emailVerified: account.emailVerifiedAt !== null,
    accountNonExpired: account.accountNonExpired,
    accountNonLocked: account.accountNonLocked,
    credentialsNonExpired: account.credentialsNonExpired,
    mfa: account.mfa,
    churches: memberships
      .filter((membership) => membership.userId === account.userId)
      .map(({ churchId, name, churchRole }) => ({ churchId, name, churchRole })),
    trade: account.tradeId === null || account.tradeName === null ? null : { id: account.tradeId, name: account.tradeName },
    createdAt: account.createdAt.toISOString(),
  };
}

/**
 * Administration of user accounts (DESIGN "Roles"): ADMIN and above, each within the roles they may give. Each
 * change is written with its audit entry, in one transaction: never one without the other.
 */
export function createUserAdminService({ repo, audit, sessions, passwordResets, transactions }: UserAdminDependencies) {
  async function accountView(userId: string): Promise<UserAdmin> {
    const account = await repo.find(userId);
    if (!account) throw new AppError('NOT_FOUND', MESSAGES.userNotFound);
    return userAdminOf(account, await repo.memberships([userId]));
  }

  /**
   * The account the actor is about to change: never their own (another administrator must do that, so no one
   * raises or unlocks themselves), and only one whose role they could have given.
   */
  async function manageableAccount(actor: SignedInUser, userId: string): Promise<AccountRow> {
    requirePermission(actor, mayAdministerDirectory);
    if (userId === actor.userId) throw new AppError('FORBIDDEN', MESSAGES.ownAccountNotHere);
    const account = await repo.find(userId);
    if (!account) throw new AppError('NOT_FOUND', MESSAGES.userNotFound);
    if (!mayManageAccountOf(actor.role, account.role)) throw new AppError('FORBIDDEN', MESSAGES.accountBeyondYourRole);
    return account;
  }

  return {
    /** Users by name, state, church, role and switches, ordered by last name then first name. */
    async filter(actor: SignedInUser, query: UserFilterQuery): Promise<Page<UserAdmin>> {
      requirePermission(actor, mayAdministerDirectory);
      const filter = filterOf(query);
      const [accounts, totalElements] = await Promise.all([
        repo.page(filter, { offset: query.page * query.size, limit: query.size }),
        repo.count(filter),
      ]);
      const memberships = await repo.memberships(accounts.map((account) => account.userId));
      return pageOf(accounts.map((account) => userAdminOf(account, memberships)), totalElements, query);
    },

    async find(actor: SignedInUser, userId: string): Promise<UserAdmin> {
      requirePermission(actor, mayAdministerDirectory);
      return accountView(userId);
    },

    /** A new role, never above the actor's own; a GOVERNOR governs the state given, any other role none. */
    async updateRole(actor: SignedInUser, input: UpdateRoleInput): Promise<UserAdmin> {
      const account = await manageableAccount(actor, input.userId);
      if (!grantableRoles(actor.role).includes(input.role)) throw new AppError('FORBIDDEN', MESSAGES.roleNotGrantable);
      const after = { role: input.role, governedState: input.role === 'GOVERNOR' ? input.governedState : null };
      const before = { role: account.role, governedState: account.governedState };
      await transactions.run(async () => {
        // Checked again in the update itself: another administrator may have raised the user meanwhile.
        if (!(await repo.setRole(account.userId, manageableRoles(actor), after))) {
          throw new AppError('FORBIDDEN', MESSAGES.accountBeyondYourRole);
        }
        if (before.role === after.role && before.governedState === after.governedState) return;
        await audit.record(actor, {
          action: 'user.role',
          subjectType: 'USER',
          subjectId: account.userId,
          subjectName: fullName(account),
          before,
          after,
        });
      });
      return accountView(account.userId);
    },

    /** Flips one of the account switches; an account locked, disabled or expired is logged out at once. */
    async flip(actor: SignedInUser, userId: string, name: UserSwitch): Promise<UserAdmin> {
      const account = await manageableAccount(actor, userId);
      // An account locked while its sessions lived on would not be locked: both happen, or neither.
      await transactions.run(async () => {
        const value = await repo.flip(account.userId, name, manageableRoles(actor));
        if (value === undefined) throw new AppError('FORBIDDEN', MESSAGES.accountBeyondYourRole);
        if (!value) await sessions.endAllOf(account.userId);
        await audit.record(actor, {
          action: 'user.flag',
          subjectType: 'USER',
          subjectId: account.userId,
          subjectName: fullName(account),
          before: { [name]: !value },
          after: { [name]: value },
        });
      });
      return accountView(account.userId);
    },

    /** Mails the account of the e-mail a password reset link, as the account's owner could ask for one. */
    async sendOwnerPasswordReset(actor: SignedInUser, email: string): Promise<void> {
      requirePermission(actor, mayAdministerDirectory);
      // The reset key and the audit entry together; the mail goes once both are committed (see the users service).
      await transactions.run(async () => {
        const user = await passwordResets.sendPasswordResetFor(email);
        if (!user) throw new AppError('NOT_FOUND', MESSAGES.noAccountWithEmail);
        await audit.record(actor, {
          action: 'trade.ownerPasswordReset',
          subjectType: 'USER',
          subjectId: user.userId,
          subjectName: fullName(user),
          before: {},
          after: { passwordResetEmailTo: user.email },
        });
      });
    },
  };
}

export type UserAdminService = ReturnType<typeof createUserAdminService>;
