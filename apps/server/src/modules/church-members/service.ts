import type { ChurchMember, ChurchMembershipInput, ChurchRole } from '@churchtrades/shared/church-admin';
import type { ChurchPriest } from '@churchtrades/shared/trade-profile';
import { MESSAGES } from '@churchtrades/shared/messages';
import { mayManageAccountOf } from '@churchtrades/shared/permissions';
import { roleRank } from '@churchtrades/shared/roles';
import type { Transactions } from '../../db/transactions';
import { AppError } from '../../http/app-error';
import type { AuditTrail } from '../audit/service';
import type { ChurchAdministration } from '../churches/service';
import type { SignedInUser } from '../sessions/service';
import type { AccountRole, ChurchMemberRepo, MemberAccount } from './repo';

export interface ChurchMemberDependencies {
  repo: ChurchMemberRepo;
  churches: ChurchAdministration;
  audit: AuditTrail;
  transactions: Pick<Transactions, 'run'>;
}

/** What attaching did: `attached` false when the user served the church in that role already. */
export interface Attachment {
  member: ChurchMember;
  attached: boolean;
}

function noAccount(): AppError {
  return new AppError('NOT_FOUND', MESSAGES.noAccountWithEmail);
}

function memberOf(account: MemberAccount, churchRole: ChurchRole, role: AccountRole = account.role): ChurchMember {
  return { ...account, role, churchRole };
}

function membershipFields(account: MemberAccount, churchRole: ChurchRole) {
  return { userId: account.userId, email: account.email, churchRole };
}

/**
 * The priests and moderators of a church (master users, SPEC §7). Whoever administers the church (its state's
 * governor, an administrator) names them; serving a church needs at least that role, so a lower one is raised.
 */
export function createChurchMemberService({ repo, churches, audit, transactions }: ChurchMemberDependencies) {
  /** The audit entries of an attachment: the membership when it is new, the role when it was raised. */
  async function recordAttachment(
    actor: SignedInUser,
    church: { id: string; name: string },
    account: MemberAccount,
    churchRole: ChurchRole,
    { attached, raised }: { attached: boolean; raised: boolean },
  ): Promise<void> {
    if (attached) {
      await audit.record(actor, {
        action: 'church.memberAdd',
        subjectType: 'CHURCH',
        subjectId: church.id,
        subjectName: church.name,
        before: null,
        after: membershipFields(account, churchRole),
      });
    }
    if (raised) {
      await audit.record(actor, {
        action: 'user.role',
        subjectType: 'USER',
        subjectId: account.userId,
        subjectName: account.email,
        before: { role: account.role },
        after: { role: churchRole },
      });
    }
  }

  return {
    /**
     * The priests an owner may name for a business of the church (SPEC §1 "optionally a priest"): any signed-in
     * user may ask, and learns their names only, never how to reach them.
     */
    async priestsToChoose(churchId: string): Promise<ChurchPriest[]> {
      const priests = await repo.listMembers(churchId, 'PRIEST');
      return priests.map(({ userId, firstName, lastName }) => ({ userId, name: `${firstName} ${lastName}` }));
    },

    async list(actor: SignedInUser, churchId: string, churchRole: ChurchRole): Promise<ChurchMember[]> {
      const church = await churches.churchToManage(actor, churchId);
      return repo.listMembers(church.id, churchRole);
    },

    /**
     * Attaches the account to the church in the role, raising a lower role to it (never lowering one). Raising
     * the role of an account the actor may not manage is refused; attaching one that needs no raise is not.
     */
    async attach(actor: SignedInUser, input: ChurchMembershipInput): Promise<Attachment> {
      const church = await churches.churchToManage(actor, input.churchId);
      // The membership, the raised role and their audit entries are written together or not at all.
      return transactions.run(async () => {
        const account = await repo.lockAccount(input.email);
        if (!account) throw noAccount();
        const raised = roleRank(account.role) < roleRank(input.churchRole);
        if (raised && !mayManageAccountOf(actor.role, account.role)) {
          throw new AppError('FORBIDDEN', MESSAGES.accountBeyondYourRole);
        }
        const attached = await repo.attach(church.id, account.userId, input.churchRole);
        if (raised) await repo.setRole(account.userId, input.churchRole);
        await recordAttachment(actor, church, account, input.churchRole, { attached, raised });
        return { member: memberOf(account, input.churchRole, raised ? input.churchRole : account.role), attached };
      });
    },

    /**
     * Attaches a new account (registerMasterUser) to the churches it serves, each audited like an attachment; its
     * role is given with the account. Runs in the caller's transaction: the account exists with its links or not at all.
     */
    async linkNewAccount(
      actor: SignedInUser,
      account: MemberAccount,
      links: readonly { churchId: string; churchRole: ChurchRole }[],
    ): Promise<void> {
      for (const { churchId, churchRole } of links) {
        const church = await churches.churchToManage(actor, churchId);
        const attached = await repo.attach(church.id, account.userId, churchRole);
        await recordAttachment(actor, church, account, churchRole, { attached, raised: false });
      }
    },

    /** Detaches the account from the church in that role; its role stays as it is. */
    async detach(actor: SignedInUser, input: ChurchMembershipInput): Promise<ChurchMember> {
      const church = await churches.churchToManage(actor, input.churchId);
      const account = await repo.findAccount(input.email);
      if (!account) throw noAccount();
      await transactions.run(async () => {
        if (!(await repo.detach(church.id, account.userId, input.churchRole))) {
          throw new AppError('NOT_FOUND', MESSAGES.notAMember);
        }
        await audit.record(actor, {
          action: 'church.memberRemove',
          subjectType: 'CHURCH',
          subjectId: church.id,
          subjectName: church.name,
          before: membershipFields(account, input.churchRole),
          after: null,
        });
      });
      return memberOf(account, input.churchRole);
    },
  };
}

export type ChurchMemberService = ReturnType<typeof createChurchMemberService>;
