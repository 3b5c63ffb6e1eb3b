import { randomUUID } from 'node:crypto';
import type { FailedMail, FailedMailQuery } from '@churchtrades/shared/mail-outbox';
import { MESSAGES } from '@churchtrades/shared/messages';
import { mayAdministerDirectory } from '@churchtrades/shared/permissions';
import { type Page, pageOf } from '@churchtrades/shared/trade-search';
import type { Transactions } from '../../db/transactions';
import { AppError } from '../../http/app-error';
import type { AuditService } from '../audit/service';
import { type Actor, requirePermission } from '../sessions/permission';
import type { OutboxRepo, OutboxRow } from './repo';
import type { Mail } from './transport';

export interface MailServiceDependencies {
  repo: OutboxRepo;
  transactions: Transactions;
  audit: AuditService;
  /** The `From` of every mail: its domain names the mails' Message-IDs. */
  from: string;
  /** Told once a transaction that queued a mail has committed, so a delivery starts without waiting for a poll. */
  onQueued?: () => void;
}

/** The domain of the sender's address, which Message-IDs end with (RFC 5322 wants them unique worldwide). */
export function messageIdDomain(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return address.split('@')[1]?.trim() || 'churchtrades.au';
}

/** RFC 8058: a receiving server may unsubscribe the recipient with one POST, without a person opening the page. */
function headersOf(mail: Mail): Record<string, string> {
  if (mail.unsubscribeUrl === undefined) return {};
  return { 'List-Unsubscribe': `<${mail.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

function failedMailOf(row: OutboxRow): FailedMail {
  return {
    id: row.id,
    to: row.recipient,
    subject: row.subject,
    lastError: row.lastError ?? '',
    tries: row.tries,
    queuedAt: row.createdAt.toISOString(),
    failedAt: (row.failedAt ?? row.createdAt).toISOString(),
  };
}

export function createMailService({ repo, transactions, audit, from, onQueued }: MailServiceDependencies) {
  const domain = messageIdDomain(from);

  return {
    /**
     * Queues the mail in the caller's transaction, if any: it leaves once that commits, and never if it rolls
     * back. The answer takes as long whoever the mail is for, so it tells nobody which e-mails are registered.
     */
    async queue(mail: Mail): Promise<void> {
      await repo.insert({
        messageId: `<${randomUUID()}@${domain}>`,
        recipient: mail.to,
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html,
        headers: headersOf(mail),
      });
      if (onQueued) transactions.afterCommit(onQueued);
    },

    /** The mails given up on, the latest first: for administrators, without their bodies. */
    async failedMails(actor: Actor, query: FailedMailQuery): Promise<Page<FailedMail>> {
      requirePermission(actor, mayAdministerDirectory);
      const { rows, total } = await repo.failedPage(query);
      return pageOf(rows.map(failedMailOf), total, query);
    },

    /** Queues a failed mail again, with every try ahead of it, and writes down who did. */
    async resend(actor: Actor, id: string): Promise<void> {
      requirePermission(actor, mayAdministerDirectory);
      await transactions.run(async () => {
        const failed = await repo.findFailedForUpdate(id);
        if (!failed) throw new AppError('NOT_FOUND', MESSAGES.failedMailNotFound);
        await repo.requeue(id);
        await audit.record(actor, {
          action: 'mail.resend',
          subjectType: 'MAIL',
          subjectId: failed.id,
          subjectName: `${failed.subject} to ${failed.recipient}`,
          before: { state: 'FAILED', tries: failed.tries, lastError: failed.lastError },
          after: { state: 'QUEUED', tries: 0, lastError: null },
        });
      });
      if (onQueued) onQueued();
    },

    counts: () => repo.counts(),
  };
}

export type MailService = ReturnType<typeof createMailService>;
