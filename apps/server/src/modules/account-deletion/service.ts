import { ACCOUNT_DELETION_DAYS, type AccountDeletion, type AccountDeletionRequest } from '@churchtrades/shared/account-deletion';
import { MESSAGES } from '@churchtrades/shared/messages';
import type { Clock } from '../../clock';
import type { Transactions } from '../../db/transactions';
import { AppError } from '../../http/app-error';
import { hashToken, isToken } from '../../tokens';
import type { AuditService } from '../audit/service';
import { networkOf } from '../rate-limits/service';
import type { CurrentSession, SessionService } from '../sessions/service';
import type { UserRepo } from '../users/repo';
import type { Requester, UserService } from '../users/service';
import type { AccountDeletionRepo } from './repo';
import type { UndoLinks } from './undo-links';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface AccountDeletionServiceDependencies {
  repo: AccountDeletionRepo;
  /** The users module asks for the password (and the two-step code) again, under the limits of a login. */
  accounts: Pick<UserService, 'confirmIdentity'>;
  keys: Pick<UserRepo, 'findKey' | 'useKey'>;
  undoLinks: Pick<UndoLinks, 'mailRequested'>;
  sessions: Pick<SessionService, 'endAllOf'>;
  audit: Pick<AuditService, 'recordSecurityEvent'>;
  clock: Clock;
  transactions: Transactions;
}

/**
 * "Delete my account": the person, proving again it is them, closes the account at once (every session ends,
 * the business leaves the directory) and is mailed a link that keeps it for ACCOUNT_DELETION_DAYS; then the job
 * (job.ts) deletes it, and nobody can bring it back.
 */
export function createAccountDeletionService(deps: AccountDeletionServiceDependencies) {
  const { repo, accounts, keys, undoLinks, sessions, audit, clock, transactions } = deps;

  return {
    async request(session: CurrentSession, input: AccountDeletionRequest, requester: Requester): Promise<AccountDeletion> {
      await accounts.confirmIdentity(session.user, input, requester);
      const requestedAt = clock();
      const deletesAt = new Date(requestedAt.getTime() + ACCOUNT_DELETION_DAYS * DAY_MS);
      await transactions.run(async () => {
        const account = await repo.markPending(session.user.userId, requestedAt, deletesAt);
        if (!account) throw new AppError('CONFLICT', MESSAGES.accountDeletionAlreadyRequested);
        await sessions.endAllOf(account.id);
        await undoLinks.mailRequested(account, deletesAt);
        await audit.recordSecurityEvent({
          action: 'user.deletionRequest',
          account,
          actor: session.user,
          details: { deletesAt: deletesAt.toISOString() },
        });
      });
      return { requestedAt: requestedAt.toISOString(), deletesAt: deletesAt.toISOString() };
    },

    /**
     * Keeps the account by the key of the mailed link, once. After the job ran the key went with the account: the
     * link answers as a used one, since nothing is left to keep.
     */
    async undo(key: string, requester: Requester): Promise<void> {
      const row = isToken(key) ? await keys.findKey(hashToken(key), 'UNDO_DELETION') : undefined;
      if (!row || row.usedAt !== null || row.expiresAt <= clock()) throw new AppError('GONE', MESSAGES.accountDeletionLinkInvalid);
      await transactions.run(async () => {
        if (!(await keys.useKey(row.keyHash, clock()))) throw new AppError('GONE', MESSAGES.accountDeletionLinkInvalid);
        const account = await repo.clearPending(row.userId);
        if (!account) throw new AppError('GONE', MESSAGES.accountDeletionLinkInvalid);
        await audit.recordSecurityEvent({
          action: 'user.deletionUndo',
          account,
          actor: { network: networkOf(requester.address) },
        });
      });
    },
  };
}

export type AccountDeletionService = ReturnType<typeof createAccountDeletionService>;
