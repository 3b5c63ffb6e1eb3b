import { MESSAGES } from '@churchtrades/shared/messages';
import { grantableRoles, mayAdministerDirectory, mayManageAccountOf } from '@churchtrades/shared/permissions';
import { type Role, roleBadge } from '@churchtrades/shared/roles';
import { STATE_FILTER_ALL } from '@churchtrades/shared/states';
import { type Page, pageOf } from '@churchtrades/shared/trade-search';
import {
  isMasterRole,
  MASTER_ROLES,
  type MasterUserPageQuery,
  type MasterUserSearchQuery,
  needsConfirmation,
  type RegisterMasterUserInput,
  type UpdateMasterUserInput,
  type UpdateRoleInput,
  type UserAdmin,
  type UserFilterQuery,
  type UserSwitch,
} from '@churchtrades/shared/user-admin';
import type { Transactions } from '../../db/transactions';
import { AppError } from '../../http/app-error';
import type { AuditTrail } from '../audit/service';
import type { ChurchMemberService } from '../church-members/service';
import { requirePermission } from '../sessions/permission';
import type { SessionService, SignedInUser } from '../sessions/service';
import type { UserService } from '../users/service';
import type { AccountRole, AccountRow, MembershipRow, UserAdminRepo, UserFilter } from './repo';

export interface UserAdminDependencies {
  repo: UserAdminRepo;
  audit: AuditTrail;
  sessions: Pick<SessionService, 'endAllOf'>;
  accounts: Pick<UserService, 'sendPasswordResetFor' | 'createInvitedAccount' | 'changePhotoOf'>;
  churchMembers: Pick<ChurchMemberService, 'linkNewAccount'>;
  transactions: Pick<Transactions, 'run'>;
}

const NO_SWITCH_FILTER: UserFilter['switches'] = {
  enabled: undefined,
  accountNonExpired: undefined,
  accountNonLocked: undefined,
  credentialsNonExpired: undefined,
};

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
    priestId: query.priestId,
    moderatedBy: query.moderatedBy,
    moderated: query.moderated,
    role: query.authority,
    switches: {
      enabled: query.enabled,
      accountNonExpired: query.accountNonExpired,
      accountNonLocked: query.accountNonLocked,
      credentialsNonExpired: query.credentialsNonExpired,
    },
    deletionPending: query.deletionPending,
  };
}

function userAdminOf(account: AccountRow, memberships: MembershipRow[]): UserAdmin {
  return {
    userId: account.userId,
    firstName: account.firstName,
    lastName: account.lastName,
    email: account.email,
    phone: account.phone,
    bio: account.bio,
    imageUrl: account.imageUrl,
    photo: account.imageUrl,
    role: account.role,
    authority: roleBadge(account.role),
    governedState: account.governedState,
    moderated: account.moderated,
    moderatedBy:
      account.moderatedById === null
        ? null
        : { userId: account.moderatedById, name: `${account.moderatedByFirstName ?? ''} ${account.moderatedByLastName ?? ''}`.trim() },
    enabled: account.enabled,
    emailVerified: account.emailVerifiedAt !== null,
    accountNonExpired: account.accountNonExpired,
    accountNonLocked: account.accountNonLocked,
    credentialsNonExpired: account.credentialsNonExpired,
    mfa: account.mfa,
    deletionDueAt: account.deletionDueAt?.toISOString() ?? null,
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
export function createUserAdminService(deps: UserAdminDependencies) {
  const { repo, audit, sessions, accounts, churchMembers, transactions } = deps;

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

  async function pageOfUsers(filter: UserFilter, query: { page: number; size: number }): Promise<Page<UserAdmin>> {
    const [rows, totalElements] = await Promise.all([
      repo.page(filter, { offset: query.page * query.size, limit: query.size }),
      repo.count(filter),
    ]);
    const memberships = await repo.memberships(rows.map((account) => account.userId));
    return pageOf(rows.map((account) => userAdminOf(account, memberships)), totalElements, query);
  }

  /** The master user the actor may confirm or unconfirm: one they may manage, from PRIEST up. */
  async function confirmableAccount(actor: SignedInUser, userId: string): Promise<AccountRow> {
    const account = await manageableAccount(actor, userId);
    if (!isMasterRole(account.role)) throw new AppError('BAD_REQUEST', MESSAGES.notAMasterUser);
    return account;
  }

  return {
    /** Users by name, state, church, priest, confirmation, role and switches, by last name then first name. */
    async filter(actor: SignedInUser, query: UserFilterQuery): Promise<Page<UserAdmin>> {
      requirePermission(actor, mayAdministerDirectory);
      return pageOfUsers(filterOf(query), query);
    },

    /** The master users (PRIEST and above), by last name then first name. */
    async listMasterUsers(actor: SignedInUser, query: MasterUserPageQuery): Promise<Page<UserAdmin>> {
      requirePermission(actor, mayAdministerDirectory);
      return pageOfUsers({ text: '', roles: MASTER_ROLES, switches: NO_SWITCH_FILTER }, query);
    },

    /** The master users by name or e-mail and by state (governed, of a church they serve, of their business). */
    async searchMasterUsers(actor: SignedInUser, query: MasterUserSearchQuery): Promise<Page<UserAdmin>> {
      requirePermission(actor, mayAdministerDirectory);
      const filter: UserFilter = {
        text: query.name,
        roles: MASTER_ROLES,
        switches: NO_SWITCH_FILTER,
        ...(query.stateType === STATE_FILTER_ALL ? {} : { stateType: query.stateType }),
      };
      return pageOfUsers(filter, query);
    },

    /**
     * A new master user, never of a role above what the actor may give, with their church links; mailed a link to
     * choose their password. A priest or moderator waits for an administrator's confirmation; a governor or an
     * administrator is confirmed by whoever made them. The account, its links, its mail and the audit entries
     * are written together or not at all.
     */
    async registerMasterUser(actor: SignedInUser, input: RegisterMasterUserInput): Promise<UserAdmin> {
      requirePermission(actor, mayAdministerDirectory);
      if (!grantableRoles(actor.role).includes(input.role)) throw new AppError('FORBIDDEN', MESSAGES.roleNotGrantable);
      const confirmed = !needsConfirmation(input.role);
      const { firstName, lastName, email, phone, role } = input;
      const governedState = role === 'GOVERNOR' ? input.governedState : null;
      const links = [
        ...input.priestOf.map((churchId) => ({ churchId, churchRole: 'PRIEST' as const })),
        ...input.moderates.map((churchId) => ({ churchId, churchRole: 'MODERATOR' as const })),
      ];
      const userId = await transactions.run(async () => {
        const created = await accounts.createInvitedAccount({
          firstName,
          lastName,
          email,
          phone,
          role,
          governedState,
          moderated: confirmed,
          moderatedBy: confirmed ? actor.userId : null,
        });
        if (!created) throw new AppError('CONFLICT', MESSAGES.masterUserEmailTaken);
        await churchMembers.linkNewAccount(actor, { ...created, role }, links);
        await audit.record(actor, {
          action: 'user.create',
          subjectType: 'USER',
          subjectId: created.userId,
          subjectName: fullName(created),
          before: null,
          after: { email: created.email, role, governedState, moderated: confirmed },
        });
        return created.userId;
      });
      return accountView(userId);
    },

    /** Another user's names, phone, bio and login e-mail, within the roles the actor may give. */
    async updateMasterUser(actor: SignedInUser, input: UpdateMasterUserInput): Promise<UserAdmin> {
      const account = await manageableAccount(actor, input.userId);
      const { firstName, lastName, email, phone } = input;
      const after = { firstName, lastName, email, phone, bio: input.bio === '' ? null : input.bio };
      const before = {
        firstName: account.firstName,
        lastName: account.lastName,
        email: account.email,
        phone: account.phone,
        bio: account.bio,
      };
      await transactions.run(async () => {
        const updated = await repo.updateProfile(account.userId, manageableRoles(actor), after);
        if (updated === 'email-taken') throw new AppError('CONFLICT', MESSAGES.emailTaken);
        if (!updated) throw new AppError('FORBIDDEN', MESSAGES.accountBeyondYourRole);
        await audit.record(actor, {
          action: 'user.update',
          subjectType: 'USER',
          subjectId: account.userId,
          subjectName: fullName(after),
          before,
          after,
        });
      });
      return accountView(account.userId);
    },

    /** Another user's photo, through the users module's one way of storing photos and deciding whose. */
    async changeUserPhoto(actor: SignedInUser, userId: string, image: Buffer): Promise<UserAdmin> {
      requirePermission(actor, mayAdministerDirectory);
      const user = await accounts.changePhotoOf(actor, userId, image);
      return accountView(user.userId);
    },

    /**
     * Confirms a master user, or takes the confirmation back: an unconfirmed priest or moderator may not moderate
     * (moderation service). Who confirmed is kept.
     */
    async toggleModerated(actor: SignedInUser, userId: string): Promise<UserAdmin> {
      const account = await confirmableAccount(actor, userId);
      const moderated = !account.moderated;
      await transactions.run(async () => {
        if (!(await repo.setModerated(account.userId, manageableRoles(actor), moderated, actor.userId))) {
          throw new AppError('FORBIDDEN', MESSAGES.accountBeyondYourRole);
        }
        await audit.record(actor, {
          action: 'user.confirm',
          subjectType: 'USER',
          subjectId: account.userId,
          subjectName: fullName(account),
          before: { moderated: account.moderated, moderatedBy: account.moderatedById },
          after: { moderated, moderatedBy: moderated ? actor.userId : null },
        });
      });
      return accountView(account.userId);
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
        const user = await accounts.sendPasswordResetFor(email);
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
