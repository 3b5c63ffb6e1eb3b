import { VOUCH_RENEWAL_NOTICE_DAYS } from '@churchtrades/shared/church-checks';
import type { Clock } from '../../clock';
import type { Transactions } from '../../db/transactions';
import type { ScheduledJob } from '../jobs/scheduler';
import { type MailSender, recipientOf } from '../mail/account-mails';
import type { MailService } from '../mail/service';
import { vouchRenewalMail } from '../mail/vouch-mails';
import type { ChurchCheckRepo, VouchRow } from './repo';
import { voucherRoleAt } from './service';

export interface VouchRenewalDependencies {
  repo: ChurchCheckRepo;
  mail: Pick<MailService, 'queue'>;
  sender: MailSender;
  transactions: Pick<Transactions, 'run'>;
  clock: Clock;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Often enough that a vouch is asked about on the day it comes within notice. */
export const VOUCH_RENEWALS_EVERY_MS = 60 * 60 * 1000;

/**
 * Asks, once, for the renewal of every current vouch lapsing within VOUCH_RENEWAL_NOTICE_DAYS: its voucher while
 * they still may vouch for the church's businesses, else the church's moderators. Clears `vouched_until` of the
 * businesses whose vouch lapsed, so that it names the current vouch's end or nothing.
 */
export function vouchRenewalJob({ repo, mail, sender, transactions, clock }: VouchRenewalDependencies): ScheduledJob {
  async function askedToRenew(vouch: VouchRow): Promise<{ userIds: string[]; asVoucher: boolean }> {
    if (vouch.voucherId !== null && (await voucherRoleAt(repo, vouch.voucherId, vouch.churchId)) !== null) {
      return { userIds: [vouch.voucherId], asVoucher: true };
    }
    const moderators = await repo.moderatorsOf(vouch.churchId);
    const confirmed = await Promise.all(
      moderators.map(async ({ userId }) =>
        (await voucherRoleAt(repo, userId, vouch.churchId)) === 'MODERATOR' ? [userId] : [],
      ),
    );
    return { userIds: confirmed.flat(), asVoucher: false };
  }

  async function askRenewal(vouch: VouchRow, now: Date): Promise<void> {
    const { userIds, asVoucher } = await askedToRenew(vouch);
    const lapsing = { tradeId: vouch.tradeId, tradeName: vouch.tradeName, churchName: vouch.churchName, until: vouch.expiresAt };
    // The mark and the mails together: a run that fails midway asks again next time, and never twice.
    await transactions.run(async () => {
      if (!(await repo.markRenewalAsked(vouch.id, now))) return;
      for (const userId of userIds) {
        const account = await repo.findAccount(userId);
        if (account) await mail.queue(vouchRenewalMail(sender, recipientOf(account), lapsing, asVoucher));
      }
    });
  }

  return {
    name: 'vouch-renewals',
    decisions: ['VOUCH_LAPSE'],
    everyMs: VOUCH_RENEWALS_EVERY_MS,
    async run(): Promise<void> {
      const now = clock();
      const horizon = new Date(now.getTime() + VOUCH_RENEWAL_NOTICE_DAYS * DAY_MS);
      for (const vouch of await repo.vouchesToRenew(now, horizon)) await askRenewal(vouch, now);
      await repo.clearLapsed(now);
    },
  };
}
