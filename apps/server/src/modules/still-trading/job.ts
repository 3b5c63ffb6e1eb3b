import type { Clock } from '../../clock';
import type { Config } from '../../config/config';
import type { Database } from '../../db/database';
import { transactionalDatabase } from '../../db/transactions';
import { createAuditRepo } from '../audit/repo';
import { createAuditService } from '../audit/service';
import type { ScheduledJob } from '../jobs/scheduler';
import type { MailService } from '../mail/service';
import { createSiteSettingRepo } from '../site-settings/repo';
import { createSiteSettingService } from '../site-settings/service';
import { stillTradingLinks } from './link';
import { createStillTradingRepo } from './repo';
import { createStillTradingService, type StillTradingDependencies, type StillTradingService } from './service';

const HOUR_MS = 60 * 60 * 1000;

/** The still-trading service as the app and the job build it, its mails queued through `mail`. */
export function stillTradingServiceOf(
  database: Database,
  config: Pick<Config, 'appOrigin' | 'supportEmail' | 'sessionSecret'>,
  clock: Clock,
  mail: Pick<MailService, 'queue'>,
  limits: Pick<StillTradingDependencies, 'questionsPerRun'> = {},
): StillTradingService {
  const { db, transactions } = transactionalDatabase(database);
  const audit = createAuditService(createAuditRepo(db));
  const settings = createSiteSettingService({ repo: createSiteSettingRepo(db), audit, clock, transactions });
  return createStillTradingService({
    repo: createStillTradingRepo(db),
    links: stillTradingLinks(config.sessionSecret),
    mail,
    sender: { appOrigin: config.appOrigin, supportEmail: config.supportEmail },
    clock,
    transactions,
    periodMonths: settings.stillTradingMonths,
    ...limits,
  });
}

/**
 * Hourly: a question, reminder or expiry falls due at most an hour late, and a run missed is made up by the next.
 * Each batch's changes and mails commit together (still-trading/service.ts `runRound`).
 */
export function stillTradingJob(stillTrading: Pick<StillTradingService, 'runRound'>): ScheduledJob {
  return { name: 'still-trading', everyMs: HOUR_MS, decisions: ['STILL_TRADING'], run: () => stillTrading.runRound() };
}
