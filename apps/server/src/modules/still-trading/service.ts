import { MESSAGES } from '@churchtrades/shared/messages';
import {
  STILL_TRADING_EXPIRY_DAYS,
  STILL_TRADING_REMINDER_DAYS,
  type StillTradingConfirmed,
  stillTradingExpiresOn,
  type StillTradingQuestion,
} from '@churchtrades/shared/still-trading';
import type { Clock } from '../../clock';
import type { Transactions } from '../../db/transactions';
import { AppError } from '../../http/app-error';
import { type MailSender, recipientOf } from '../mail/account-mails';
import type { MailService } from '../mail/service';
import {
  type AskedTrade,
  stillTradingExpiredMail,
  stillTradingQuestionMail,
  stillTradingReminderMail,
  stillTradingUrl,
} from '../mail/still-trading-mails';
import type { Mail } from '../mail/transport';
import { requireMayMakeChanges } from '../sessions/permission';
import type { SignedInUser } from '../sessions/service';
import type { StillTradingLinks, StillTradingRound } from './link';
import type { RoundTrade, StillTradingRepo } from './repo';

export interface StillTradingDependencies {
  repo: StillTradingRepo;
  links: StillTradingLinks;
  mail: Pick<MailService, 'queue'>;
  sender: MailSender;
  clock: Clock;
  transactions: Pick<Transactions, 'run'>;
  /** The period administrators set (site-settings). */
  periodMonths: () => Promise<number>;
  /** Questions sent per run at most (default STILL_TRADING_QUESTIONS_PER_RUN). */
  questionsPerRun?: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Businesses changed and mailed per transaction: a run over thousands holds no lock for long. */
export const STILL_TRADING_BATCH = 100;
/**
 * Questions per hourly run: twelve thousand a day, several times what a directory of a million businesses asks in
 * its steady state, while a backlog (a directory that existed before the question did) is spread over weeks
 * instead of mailing every owner in one hour. Reminders and expiries follow the questions' days, so they spread too.
 */
export const STILL_TRADING_QUESTIONS_PER_RUN = 500;

function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/**
 * Still trading (issue "Verified businesses"): the question a period after approval or the last yes, a reminder
 * 30 days later, the expiry 60 days later, and the owner's yes by the e-mailed link or from their dashboard.
 */
export function createStillTradingService({
  repo,
  links,
  mail,
  sender,
  clock,
  transactions,
  periodMonths,
  questionsPerRun = STILL_TRADING_QUESTIONS_PER_RUN,
}: StillTradingDependencies) {
  function askedTrade(row: RoundTrade): AskedTrade {
    const token = links.tokenFor({ tradeId: row.id, askedAt: row.askedAt });
    return { name: row.name, confirmUrl: stillTradingUrl(sender, token) };
  }

  /**
   * Claims and mails batch after batch until none is due or `most` are done; each batch's changes and mails commit
   * together, so a business is mailed once per step of its round whichever process runs the job.
   */
  async function inBatches(
    claim: (limit: number) => Promise<RoundTrade[]>,
    mailOf: (row: RoundTrade) => Mail,
    most = Number.POSITIVE_INFINITY,
  ): Promise<void> {
    for (let done = 0; done < most; ) {
      const limit = Math.min(STILL_TRADING_BATCH, most - done);
      const claimed = await transactions.run(async () => {
        const rows = await claim(limit);
        for (const row of rows) await mail.queue(mailOf(row));
        return rows.length;
      });
      if (claimed < limit) return;
      done += claimed;
    }
  }

  /** The open round the token names; refused as forged, or as used or replaced. */
  async function openRound(token: string): Promise<{ round: StillTradingRound; trade: NonNullable<Awaited<ReturnType<StillTradingRepo['find']>>> }> {
    const round = links.roundOf(token);
    const trade = round ? await repo.find(round.tradeId) : undefined;
    if (!round || !trade) throw new AppError('NOT_FOUND', MESSAGES.stillTradingLinkInvalid);
    if (trade.askedAt?.getTime() !== round.askedAt.getTime()) throw new AppError('CONFLICT', MESSAGES.stillTradingLinkUsed);
    return { round, trade };
  }

  async function confirm(round: StillTradingRound, wasListed: boolean): Promise<StillTradingConfirmed> {
    const confirmed = await repo.confirm(round.tradeId, round.askedAt, clock());
    if (!confirmed) throw new AppError('CONFLICT', MESSAGES.stillTradingLinkUsed);
    return { tradeName: confirmed.name, listed: confirmed.listed, listedAgain: !wasListed && confirmed.listed };
  }

  return {
    /** One run of the job: questions due, reminders due, expiries due, in that order. */
    async runRound(): Promise<void> {
      const now = clock();
      const months = await periodMonths();
      await inBatches(
        (limit) => repo.askDue(now, months, limit),
        (row) => stillTradingQuestionMail(sender, recipientOf(owner(row)), askedTrade(row)),
        questionsPerRun,
      );
      await inBatches(
        (limit) => repo.remindDue(now, daysBefore(now, STILL_TRADING_REMINDER_DAYS), limit),
        (row) => stillTradingReminderMail(sender, recipientOf(owner(row)), askedTrade(row), stillTradingExpiresOn(row.askedAt)),
      );
      await inBatches(
        (limit) => repo.expireDue(daysBefore(now, STILL_TRADING_EXPIRY_DAYS), limit),
        (row) => stillTradingExpiredMail(sender, recipientOf(owner(row)), askedTrade(row)),
      );
    },

    /** What the e-mailed link asks about, for its page; reading it changes nothing (mail scanners open links). */
    async question(token: string): Promise<StillTradingQuestion> {
      const { round, trade } = await openRound(token);
      return { tradeName: trade.name, askedAt: round.askedAt.toISOString(), expired: trade.expired };
    },

    /** "Yes, still trading" from the link: closes the round, so the link works once. */
    async confirmByLink(token: string): Promise<StillTradingConfirmed> {
      const { round, trade } = await openRound(token);
      return confirm(round, trade.listed);
    },

    /** "Yes, still trading" from the owner's dashboard, while a question is open. */
    async confirmOwn(user: SignedInUser, tradeId: string): Promise<StillTradingConfirmed> {
      requireMayMakeChanges(user);
      const trade = await repo.find(tradeId);
      if (!trade) throw new AppError('NOT_FOUND', MESSAGES.tradeNotFound);
      if (trade.ownerId !== user.userId) throw new AppError('FORBIDDEN', MESSAGES.notYourTrade);
      if (!trade.askedAt) throw new AppError('CONFLICT', MESSAGES.noStillTradingQuestion);
      return confirm({ tradeId, askedAt: trade.askedAt }, trade.listed);
    },

    /** An administrator flipped `expired` (trade-dashboard `flip`), in their transaction. */
    async settleAdministratorExpiry(tradeId: string, expired: boolean): Promise<void> {
      await repo.settleAdministratorExpiry(tradeId, expired, clock());
    },
  };
}

function owner(row: RoundTrade) {
  return { email: row.ownerEmail, firstName: row.ownerFirstName, emailVerifiedAt: row.ownerEmailVerifiedAt };
}

export type StillTradingService = ReturnType<typeof createStillTradingService>;
