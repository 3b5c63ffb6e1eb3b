import type { Clock } from '../../clock';
import type { Config } from '../../config/config';
import type { Database } from '../../db/database';
import { transactionalDatabase } from '../../db/transactions';
import { createAuditRepo } from '../audit/repo';
import { createAuditService } from '../audit/service';
import type { ScheduledJob } from '../jobs/scheduler';
import { createOutboxRepo } from '../mail/repo';
import { createMailService } from '../mail/service';
import { createSiteSettingRepo } from '../site-settings/repo';
import { createSiteSettingService } from '../site-settings/service';
import { stillTradingLinks } from './link';
import { createStillTradingRepo } from './repo';
import { createStillTradingService } from './service';

const HOUR_MS = 60 * 60 * 1000;

export interface StillTradingJobOptions {
  db: Database;
  config: Pick<Config, 'appOrigin' | 'supportEmail' | 'mailFrom' | 'sessionSecret'>;
  clock: Clock;
  /** Told once a batch's mails are committed, so their delivery starts at once. */
  onQueued?: () => void;
}

/**
 * Hourly: a question, reminder or expiry falls due at most an hour late, and a run missed is made up by the next.
 * Each batch's changes and mails commit together (still-trading/service.ts `runRound`).
 */
export function stillTradingJob({ db: database, config, clock, onQueued }: StillTradingJobOptions): ScheduledJob {
  const { db, transactions } = transactionalDatabase(database);
  const audit = createAuditService(createAuditRepo(db));
  const mail = createMailService({ repo: createOutboxRepo(db), transactions, audit, from: config.mailFrom, onQueued });
  const settings = createSiteSettingService({ repo: createSiteSettingRepo(db), audit, clock, transactions });
  const stillTrading = createStillTradingService({
    repo: createStillTradingRepo(db),
    links: stillTradingLinks(config.sessionSecret),
    mail,
    sender: { appOrigin: config.appOrigin, supportEmail: config.supportEmail },
    clock,
    transactions,
    periodMonths: settings.stillTradingMonths,
  });
  return { name: 'still-trading', everyMs: HOUR_MS, run: () => stillTrading.runRound() };
}
