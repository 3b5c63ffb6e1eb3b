import { ABN_RECHECK_DAYS, type AbnStatus } from '@churchtrades/shared/verification';
import type { Clock } from '../../clock';
import type { Transactions } from '../../db/transactions';
import { recipientOf, type MailSender } from '../mail/account-mails';
import { type AbnLapse, abnLapsedModeratorMail, abnLapsedOwnerMail } from '../mail/abn-mails';
import type { MailService } from '../mail/service';
import { nameRegisteredTo } from './name-match';
import { type AbnRegister, type RegisterAnswer, RegisterUnavailable } from './register-client';
import type { AbnRepo, AbnState, AbnTrade } from './repo';

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** The register's answer about an ABN is used again for a day: a rename or a second save asks it nothing. */
export const ABN_LOOKUP_KEPT_MS = DAY_MS;
/** When the register could not be asked, the job asks it again this much later. */
export const ABN_RETRY_MS = 30 * MINUTE_MS;
/** How many businesses one run of the job checks at most in one go. */
const BATCH_SIZE = 50;

export interface AbnDependencies {
  repo: AbnRepo;
  /** Undefined without ABR_GUID: then only an ABN's digits are checked. */
  register: AbnRegister | undefined;
  mail: Pick<MailService, 'queue'>;
  sender: MailSender;
  transactions: Pick<Transactions, 'run'>;
  clock: Clock;
}

/** How a check ended: the register said, could not be asked, or there was nothing to ask it. */
export type AbnCheckOutcome = 'checked' | 'unavailable' | 'skipped';

/** What the register's answer makes of the business's ABN, and the name it shows beside it. */
function verdictOf(answer: RegisterAnswer, trade: AbnTrade): { status: AbnStatus; registeredName: string | null } {
  if (!answer.found) return { status: 'NOT_FOUND', registeredName: null };
  if (!answer.active) return { status: 'CANCELLED', registeredName: answer.entityName || null };
  const business = { name: trade.name, businessKind: trade.businessKind, owner: trade.owner };
  const matched = nameRegisteredTo(answer, business);
  return matched === undefined
    ? { status: 'MISMATCH', registeredName: answer.entityName || null }
    : { status: 'ACTIVE', registeredName: matched };
}

function lapseOf(before: AbnStatus | null, after: AbnStatus): AbnLapse | undefined {
  if (before !== 'ACTIVE') return undefined;
  return after === 'CANCELLED' || after === 'MISMATCH' || after === 'NOT_FOUND' ? after : undefined;
}

/**
 * The ABN of a business, checked with the Australian Business Register (shared/verification.ts): when it is
 * entered, when what it must be registered to changes, and every ABN_RECHECK_DAYS by the scheduled job. An ABN
 * is verified (ACTIVE, and `verified_until` follows in SQL) only when the register says it is active and
 * registered to the business.
 */
export function createAbnService({ repo, register, mail, sender, transactions, clock }: AbnDependencies) {
  /** The register's answer: the one kept from the last day, else a new one, kept in its turn. */
  async function answerFor(abn: string, now: Date, ask: AbnRegister): Promise<RegisterAnswer> {
    const kept = await repo.findLookup(abn);
    if (kept && now.getTime() - kept.fetchedAt.getTime() < ABN_LOOKUP_KEPT_MS) return kept.answer;
    const answer = await ask(abn);
    await repo.saveLookup(abn, answer, now);
    return answer;
  }

  /** Tells the owner and the church's moderators why a verified ABN lost its badge. */
  async function tellOfLapse(trade: AbnTrade & { abn: string }, lapse: AbnLapse, registeredName: string | null) {
    const lapsed = { id: trade.id, name: trade.name, churchName: trade.churchName, abn: trade.abn, registeredName };
    await mail.queue(abnLapsedOwnerMail(sender, recipientOf(trade.owner), lapse, lapsed));
    for (const moderator of await repo.findModerators(trade.churchId)) {
      await mail.queue(abnLapsedModeratorMail(sender, recipientOf(moderator), lapse, lapsed));
    }
  }

  /**
   * Asks the register about the business's ABN and writes down what it said. When it cannot be asked, the last
   * known state stays (an ABN never asked about waits as UNCHECKED) and the job asks again soon.
   */
  async function check(tradeId: string): Promise<AbnCheckOutcome> {
    const trade = await repo.findTrade(tradeId);
    const abn = trade?.abn;
    if (!register || !trade || !abn) return 'skipped';
    const now = clock();
    let answer: RegisterAnswer;
    try {
      answer = await answerFor(abn, now, register);
    } catch (error) {
      if (!(error instanceof RegisterUnavailable)) throw error;
      const waiting = trade.abnStatus === null || trade.abnStatus === 'CHECKSUM_ONLY' ? { abnStatus: 'UNCHECKED' as const } : {};
      await repo.saveState(trade.id, abn, { ...waiting, abnNextCheckAt: new Date(now.getTime() + ABN_RETRY_MS) });
      return 'unavailable';
    }
    const { status, registeredName } = verdictOf(answer, trade);
    const state: AbnState = {
      abnStatus: status,
      abnCheckedAt: now,
      abnRegisteredName: registeredName,
      abnNextCheckAt: new Date(now.getTime() + ABN_RECHECK_DAYS * DAY_MS),
    };
    // The new state and the mails telling of a lost badge are written together.
    await transactions.run(async () => {
      await repo.saveState(trade.id, abn, state);
      const lapse = lapseOf(trade.abnStatus, status);
      if (lapse) await tellOfLapse({ ...trade, abn }, lapse, registeredName);
    });
    return 'checked';
  }

  return {
    /** Whether an ABN is asked about at all: without ABR_GUID only its digits are checked. */
    asksRegister: register !== undefined,

    /**
     * The ABN columns of a business whose owner entered this ABN (or removed theirs): not yet asked about,
     * due at once; or only its digits checked when no register is asked.
     */
    enteredState(abn: string | null): AbnState {
      if (abn === null) return { abn: null, abnStatus: null, abnCheckedAt: null, abnRegisteredName: null, abnNextCheckAt: null };
      if (!register) return { abn, abnStatus: 'CHECKSUM_ONLY', abnCheckedAt: null, abnRegisteredName: null, abnNextCheckAt: null };
      return { abn, abnStatus: 'UNCHECKED', abnCheckedAt: null, abnRegisteredName: null, abnNextCheckAt: clock() };
    },

    check,

    /** A sole trader's ABN may be registered to its owner: when they change their name it is asked about again. */
    async ownerRenamed(ownerId: string): Promise<AbnCheckOutcome> {
      const tradeId = await repo.findSoleTraderOf(ownerId);
      return tradeId === undefined ? 'skipped' : check(tradeId);
    },

    /** The scheduled re-check: every business whose ABN is due, in batches, until none is left. */
    async checkDue(): Promise<void> {
      if (!register) return;
      const seen = new Set<string>();
      for (;;) {
        const due = (await repo.findDue(clock(), BATCH_SIZE)).filter((id) => !seen.has(id));
        if (due.length === 0) return;
        for (const id of due) {
          seen.add(id);
          await check(id);
        }
      }
    },
  };
}

export type AbnService = ReturnType<typeof createAbnService>;
