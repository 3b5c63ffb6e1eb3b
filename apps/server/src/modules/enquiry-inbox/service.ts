import { senderLeft } from '@churchtrades/shared/account-deletion';
import {
  ENQUIRY_FOLDERS,
  type EnquiryFolder,
  type ReceivedEnquiries,
  type ReceivedEnquiry,
  type ReceivedEnquirySummary,
  type SpamReportInput,
  type UpdateReceivedEnquiryInput,
} from '@churchtrades/shared/enquiries';
import { MESSAGES } from '@churchtrades/shared/messages';
import { REPLY_TIME_DAYS, REPLY_TIME_MIN_ANSWERED, type ReplyTime, replyTimeOf } from '@churchtrades/shared/reply-time';
import { mayMakeChanges } from '@churchtrades/shared/read-only';
import { pageOf } from '@churchtrades/shared/trade-search';
import type { Clock } from '../../clock';
import type { Transactions } from '../../db/transactions';
import { AppError } from '../../http/app-error';
import type { ConversationLinks } from '../enquiries/conversation-link';
import type { MailSender } from '../mail/account-mails';
import type { MailService } from '../mail/service';
import { requireMayMakeChanges } from '../sessions/permission';
import type { SignedInUser } from '../sessions/service';
import { ownerReplyMail } from './reply-mail';
import { type EnquiryInboxRepo, type EnquiryRow, PREVIEW_LENGTH, type SummaryRow } from './repo';

export interface EnquiryInboxDependencies {
  repo: EnquiryInboxRepo;
  links: ConversationLinks;
  mail: Pick<MailService, 'queue'>;
  sender: MailSender;
  clock: Clock;
  transactions: Pick<Transactions, 'run'>;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** `GET /api/enquiries/received` as parsed. */
export interface FolderPage {
  folder: EnquiryFolder;
  page: number;
  size: number;
}

/** Reading an enquiry marks it read for its owner; a read-only account's reading leaves it as it was. */
function mayMarkRead(user: SignedInUser): boolean {
  return mayMakeChanges(user.role);
}

/** The day, on the east coast's calendar, that the daily counts file `at` under. */
const sydneyDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney', year: 'numeric', month: '2-digit', day: '2-digit' });

function dayInSydney(at: Date): string {
  return sydneyDay.format(at);
}

function summaryOf(row: SummaryRow | EnquiryRow, preview: string): ReceivedEnquirySummary {
  return {
    id: row.id,
    senderName: row.senderName,
    suburb: row.senderSuburb,
    preview,
    folder: row.folder,
    read: row.readAt !== null,
    receivedAt: (row.deliveredAt ?? row.createdAt).toISOString(),
    lastMessageAt: row.lastMessageAt.toISOString(),
  };
}

type Messages = Awaited<ReturnType<EnquiryInboxRepo['messages']>>;

/** The whole enquiry with its conversation, as its owner (or an administrator investigating a report) reads it. */
export function receivedEnquiryOf(row: EnquiryRow, messages: Messages, spamReported: boolean): ReceivedEnquiry {
  return {
    ...summaryOf(row, messages[0]?.body.slice(0, PREVIEW_LENGTH) ?? ''),
    senderEmail: row.senderEmail,
    senderPhone: row.senderPhone,
    senderConfirmed: row.senderConfirmedAt !== null,
    messages,
    spamReported,
  };
}

/**
 * The owner's Enquiries page: the delivered enquiries of the business they own, and nobody else's, whatever
 * their role. A read-only account (a USER) reads them but changes nothing.
 */
export function createEnquiryInboxService({ repo, links, mail, sender, clock, transactions }: EnquiryInboxDependencies) {
  async function ownTrade(user: SignedInUser) {
    return repo.ownTrade(user.userId);
  }

  /** An enquiry of the caller's business; any other id is simply not found, so ids cannot be probed. */
  async function ownEnquiry(user: SignedInUser, id: string, forUpdate = false) {
    const trade = await ownTrade(user);
    const row = trade ? await repo.find(trade.id, id, forUpdate) : undefined;
    if (!trade || !row) throw new AppError('NOT_FOUND', MESSAGES.enquiryNotFound);
    return { trade, row };
  }

  async function viewOf(row: EnquiryRow): Promise<ReceivedEnquiry> {
    const [messages, reported] = await Promise.all([repo.messages(row.id), repo.spamReported(row.id)]);
    return receivedEnquiryOf(row, messages, reported);
  }

  async function reread(trade: { id: string }, id: string): Promise<ReceivedEnquiry> {
    const row = await repo.find(trade.id, id);
    if (!row) throw new AppError('NOT_FOUND', MESSAGES.enquiryNotFound);
    return viewOf(row);
  }

  return {
    /** One folder's page, the latest conversation first, and every folder's count; none for a caller without a business. */
    async received(user: SignedInUser, query: FolderPage): Promise<ReceivedEnquiries> {
      const trade = await ownTrade(user);
      const counts = Object.fromEntries(ENQUIRY_FOLDERS.map((folder) => [folder, { total: 0, unread: 0 }])) as ReceivedEnquiries['counts'];
      if (!trade) return { enquiries: pageOf([], 0, query), counts };
      const [rows, perFolder] = await Promise.all([
        repo.page(trade.id, query.folder, { offset: query.page * query.size, limit: query.size }),
        repo.counts(trade.id),
      ]);
      for (const { folder, total, unread } of perFolder) counts[folder] = { total, unread };
      const content = rows.map((row) => summaryOf(row, row.preview));
      return { enquiries: pageOf(content, counts[query.folder].total, query), counts };
    },

    /** One enquiry with its conversation; the owner's reading marks it read (a read-only account's does not). */
    async enquiry(user: SignedInUser, id: string): Promise<ReceivedEnquiry> {
      const { trade, row } = await ownEnquiry(user, id);
      if (row.readAt !== null || !mayMarkRead(user)) return viewOf(row);
      await repo.markRead(row.id, clock());
      return reread(trade, id);
    },

    /** Files it in another folder, or marks it read or unread. */
    async update(user: SignedInUser, id: string, change: UpdateReceivedEnquiryInput): Promise<ReceivedEnquiry> {
      requireMayMakeChanges(user);
      const { trade, row } = await ownEnquiry(user, id);
      const readAt = change.read === undefined ? undefined : change.read ? (row.readAt ?? clock()) : null;
      await repo.update(row.id, {
        ...(change.folder === undefined ? {} : { folder: change.folder }),
        ...(readAt === undefined ? {} : { readAt }),
      });
      return reread(trade, id);
    },

    /**
     * The owner's answer: added to the conversation, the enquiry filed as answered, and mailed to the visitor
     * with the private link (working again if the visitor had stopped it), all in one transaction.
     */
    async reply(user: SignedInUser, id: string, body: string): Promise<ReceivedEnquiry> {
      requireMayMakeChanges(user);
      const trade = await transactions.run(async () => {
        const { trade, row } = await ownEnquiry(user, id, true);
        if (row.folder === 'SPAM') throw new AppError('CONFLICT', MESSAGES.enquiryInSpam);
        if (senderLeft(row)) throw new AppError('CONFLICT', MESSAGES.formerUserCannotBeAnswered);
        const now = clock();
        await repo.addMessage(row.id, 'OWNER', body, now);
        await repo.answered(row.id, now);
        if (row.firstAnsweredAt === null) await repo.countAnswered(trade.id, dayInSydney(now));
        const token = links.tokenFor({ enquiryId: row.id, version: row.linkVersion });
        await mail.queue(
          ownerReplyMail(sender, {
            tradeName: trade.name,
            senderName: row.senderName,
            senderEmail: row.senderEmail,
            senderConfirmed: row.senderConfirmedAt !== null,
            answer: body,
            token,
          }),
        );
        return trade;
      });
      return reread(trade, id);
    },

    /**
     * Files it as spam and reports its sender to the moderators of the business's church, once: reporting it
     * again files it as spam again and changes nothing else.
     */
    async reportSpam(user: SignedInUser, id: string, input: SpamReportInput): Promise<ReceivedEnquiry> {
      requireMayMakeChanges(user);
      const trade = await transactions.run(async () => {
        const { trade, row } = await ownEnquiry(user, id, true);
        await repo.update(row.id, { folder: 'SPAM' });
        const reason = input.reason ? input.reason : null;
        await repo.report({ enquiryId: row.id, churchId: trade.churchId, reportedBy: user.userId, reason, at: clock() });
        return trade;
      });
      return reread(trade, id);
    },

    /**
     * Any enquiry with its conversation, whoever's it is: only for administrators investigating its spam report,
     * which the caller (enquiry-reports) has checked. Reading it marks nothing.
     */
    async investigated(id: string): Promise<ReceivedEnquiry | undefined> {
      const row = await repo.findAny(id);
      return row ? viewOf(row) : undefined;
    },

    /**
     * How quickly the business usually answers: the median time to its first answer over the enquiries
     * delivered in the last REPLY_TIME_DAYS days, once REPLY_TIME_MIN_ANSWERED of them are answered.
     */
    async replyTime(tradeId: string): Promise<ReplyTime | null> {
      const since = new Date(clock().getTime() - REPLY_TIME_DAYS * DAY_MS);
      const { answered, medianMs } = await repo.answerTimes(tradeId, since);
      if (answered < REPLY_TIME_MIN_ANSWERED || medianMs === null) return null;
      return replyTimeOf(medianMs);
    },
  };
}

export type EnquiryInboxService = ReturnType<typeof createEnquiryInboxService>;
