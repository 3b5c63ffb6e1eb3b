import type { Clock } from '../../clock';
import type { Config } from '../../config/config';
import type { Database } from '../../db/database';
import { transactionalDatabase } from '../../db/transactions';
import type { ScheduledJob } from '../jobs/scheduler';
import type { MailService } from '../mail/service';
import { abnRegister } from './register-client';
import { createAbnRepo } from './repo';
import { type AbnService, createAbnService } from './service';

/** Often enough that an ABN entered while the register was down is checked soon after it is back. */
export const ABN_RECHECK_EVERY_MS = 15 * 60 * 1000;

/** The ABN service as the configuration has it: asking the register with ABR_GUID, checking digits only without. */
export function abnServiceOf(db: Database, config: Config, clock: Clock, mail: Pick<MailService, 'queue'>): AbnService {
  const { db: joined, transactions } = transactionalDatabase(db);
  const { guid, url, timeoutMs } = config.abr;
  return createAbnService({
    repo: createAbnRepo(joined),
    register: guid === undefined ? undefined : abnRegister({ url, guid, timeoutMs }),
    mail,
    sender: { appOrigin: config.appOrigin, supportEmail: config.supportEmail },
    transactions,
    clock,
  });
}

/**
 * Asks the register again about every ABN due (ABN_RECHECK_DAYS after its last answer, or soon after it could
 * not be asked), and tells owners and moderators of a verified ABN that lapsed.
 */
export function abnRecheckJob(abn: Pick<AbnService, 'checkDue'>, everyMs = ABN_RECHECK_EVERY_MS): ScheduledJob {
  return { name: 'abn-recheck', everyMs, decisions: ['ABN_VERIFICATION'], run: () => abn.checkDue() };
}
