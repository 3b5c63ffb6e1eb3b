import type { Clock } from '../../clock';
import { hashToken, newToken } from '../../tokens';
import type { MailService } from '../mail/service';
import { type MailSender, recipientOf } from '../mail/account-mails';
import type { Mail } from '../mail/transport';
import type { UserRepo, UserRow } from '../users/repo';
import { deletionPendingMail, deletionRequestedMail } from './mails';

export interface UndoLinkDependencies {
  keys: Pick<UserRepo, 'insertKey' | 'useAllKeys'>;
  mail: Pick<MailService, 'queue'>;
  sender: MailSender;
  clock: Clock;
}

type UndoMail = (sender: MailSender, to: ReturnType<typeof recipientOf>, key: string, deletesAt: Date) => Mail;

/**
 * The undo links of accounts waiting to be deleted: each works until the account is deleted, and a new one uses
 * up those mailed before. The users module mails one too, when someone registers the address meanwhile.
 */
export function createUndoLinks({ keys, mail, sender, clock }: UndoLinkDependencies) {
  async function mailNewLink(account: UserRow, deletesAt: Date, undoMail: UndoMail): Promise<string> {
    await keys.useAllKeys(account.id, 'UNDO_DELETION', clock());
    const key = newToken();
    await keys.insertKey({ keyHash: hashToken(key), userId: account.id, purpose: 'UNDO_DELETION', expiresAt: deletesAt });
    await mail.queue(undoMail(sender, recipientOf(account), key, deletesAt));
    return key;
  }

  return {
    /**
     * The deletion was asked for: what happens, and the link that keeps the account, whose key is answered (the
     * demo prints it). Inside the caller's transaction.
     */
    async mailRequested(account: UserRow, deletesAt: Date): Promise<string> {
      return mailNewLink(account, deletesAt, deletionRequestedMail);
    },

    /** The address was registered again during the wait: a fresh link, and a word that the account still waits. */
    async mailPending(account: UserRow & { deletionDueAt: Date }): Promise<void> {
      await mailNewLink(account, account.deletionDueAt, deletionPendingMail);
    },
  };
}

export type UndoLinks = ReturnType<typeof createUndoLinks>;
