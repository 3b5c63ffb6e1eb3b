import { REVIEW_INVITATION_DAYS } from '@churchtrades/shared/reviews';
import type { Clock } from '../../clock';
import type { Config } from '../../config/config';
import type { Database } from '../../db/database';
import { transactionalDatabase, type Transactions } from '../../db/transactions';
import { type ConversationLinks, conversationLinks, linkLapseCutoff } from '../enquiries/conversation-link';
import type { ScheduledJob } from '../jobs/scheduler';
import type { MailSender } from '../mail/account-mails';
import type { MailService } from '../mail/service';
import { reviewInvitationMail, writeReviewUrlForAccount, writeReviewUrlForLink } from './mails';
import { createReviewRepo, type InvitedEnquiry, type ReviewRepo } from './repo';

export interface ReviewInvitationDependencies {
  repo: ReviewRepo;
  links: ConversationLinks;
  mail: Pick<MailService, 'queue'>;
  sender: MailSender;
  clock: Clock;
  transactions: Pick<Transactions, 'run'>;
  /** Invitations per run at most (default REVIEW_INVITATIONS_PER_RUN). */
  invitationsPerRun?: number;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Enquiries claimed and mailed per transaction: a run over thousands holds no lock for long. */
export const REVIEW_INVITATION_BATCH = 100;
/**
 * Invitations per hourly run: twelve thousand a day, far beyond the answers a directory gives in a day, while a
 * backlog (the enquiries answered before invitations existed) is spread over days instead of one hour's mail.
 */
export const REVIEW_INVITATIONS_PER_RUN = 500;

/**
 * The invitation to review, 14 days after a business first answered an enquiry: once per person and business,
 * to everyone alike (no route lets an owner choose), never to the owner, a blocked sender or a reviewer, nor with a
 * conversation link that has lapsed.
 */
export function createReviewInvitations({
  repo,
  links,
  mail,
  sender,
  clock,
  transactions,
  invitationsPerRun = REVIEW_INVITATIONS_PER_RUN,
}: ReviewInvitationDependencies) {
  /** An account's sender logs in and names the enquiry; anyone else proves themselves with their conversation's link. */
  function writeUrlOf(enquiry: InvitedEnquiry): string {
    if (enquiry.senderUserId !== null) return writeReviewUrlForAccount(sender, enquiry.id);
    return writeReviewUrlForLink(sender, links.tokenFor({ enquiryId: enquiry.id, version: enquiry.linkVersion }));
  }

  /** Mails the batch's senders, once each per business however many of their enquiries it holds. */
  async function invite(claimed: InvitedEnquiry[]): Promise<void> {
    const invited = new Set<string>();
    for (const enquiry of claimed) {
      const person = `${enquiry.tradeId} ${enquiry.senderEmailKey}`;
      if (invited.has(person)) continue;
      invited.add(person);
      const to = { email: enquiry.senderEmail, firstName: enquiry.senderName };
      const url = writeUrlOf(enquiry);
      await mail.queue(reviewInvitationMail(sender, to, { tradeName: enquiry.tradeName, url, withAccount: enquiry.senderUserId !== null }));
    }
  }

  return {
    /** One run of the job: claims and mails batch after batch, each batch's marks and mails committed together. */
    async runInvitations(): Promise<void> {
      const now = clock();
      const answeredBy = new Date(now.getTime() - REVIEW_INVITATION_DAYS * DAY_MS);
      for (let done = 0; done < invitationsPerRun; ) {
        const limit = Math.min(REVIEW_INVITATION_BATCH, invitationsPerRun - done);
        const claimed = await transactions.run(async () => {
          const rows = await repo.claimInvitations(now, answeredBy, linkLapseCutoff(now), limit);
          await invite(rows);
          return rows.length;
        });
        if (claimed < limit) return;
        done += claimed;
      }
    },
  };
}

export type ReviewInvitations = ReturnType<typeof createReviewInvitations>;

/** The invitations as the background work builds them, their mails queued through `mail`. */
export function reviewInvitationsOf(
  database: Database,
  config: Pick<Config, 'appOrigin' | 'supportEmail' | 'sessionSecret'>,
  clock: Clock,
  mail: Pick<MailService, 'queue'>,
  limits: Pick<ReviewInvitationDependencies, 'invitationsPerRun'> = {},
): ReviewInvitations {
  const { db, transactions } = transactionalDatabase(database);
  return createReviewInvitations({
    repo: createReviewRepo(db),
    links: conversationLinks(config.sessionSecret),
    mail,
    sender: { appOrigin: config.appOrigin, supportEmail: config.supportEmail },
    clock,
    transactions,
    ...limits,
  });
}

/** Hourly: an invitation goes at most an hour after its day, and a run missed is made up by the next. */
export function reviewInvitationJob(invitations: Pick<ReviewInvitations, 'runInvitations'>): ScheduledJob {
  return { name: 'review-invitations', everyMs: HOUR_MS, decisions: ['REVIEW_INVITATION'], run: () => invitations.runInvitations() };
}
